import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { createImageStore } from "../uploads/create-image-store";
import { createBackup, holdsDatabase, restoreBackup, RestoreError, type RestoreSummary } from "./archive";
import { BACKUP_TOKEN_HEADER } from "./routes";
import type { RunningServer } from "./running-server";

/** Writes beside the target first: a failed backup never leaves a file that looks whole. */
async function writeAtomically(file: string, archive: Readable) {
  const partial = `${file}.partial`;
  try {
    await pipeline(archive, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** `backup <file>` with the database open in this process (PostgreSQL, or a stopped embedded shop). */
export async function backupToFile(config: Config, database: Database, file: string) {
  const imageStore = await createImageStore(config, database);
  try {
    await writeAtomically(file, createBackup({ database, imageStore, dataDir: config.dataDir }));
  } finally {
    await imageStore.close();
  }
}

/** `backup <file>` while the shop runs on the embedded database: the server makes the archive. */
export async function backupThroughServer(running: RunningServer, file: string) {
  const response = await fetch(`${running.url}/api/admin/backup`, {
    method: "POST",
    headers: { [BACKUP_TOKEN_HEADER]: running.backupToken },
  });
  if (!response.ok || !response.body) {
    throw new Error(`The running shop refused the backup: ${response.status} ${await response.text()}`);
  }
  await writeAtomically(file, Readable.fromWeb(response.body as WebReadableStream<Uint8Array>));
}

/**
 * `restore <file>`. Embedded: into DATA_DIR, which must hold no database (the shop stopped, the
 * old folder moved aside). PostgreSQL: the images into the configured store; the database is
 * pg_restore's.
 */
export async function restoreFromFile(config: Config, file: string): Promise<RestoreSummary> {
  if (!config.databaseUrl) {
    if (holdsDatabase(config.dataDir)) {
      throw new RestoreError(
        `${config.dataDir} holds a database already. Stop the shop, move the folder aside, and restore into an empty DATA_DIR.`,
      );
    }
    await mkdir(config.dataDir, { recursive: true });
    // DATA_DIR/uploads, or the S3 bucket when S3_* is set.
    const imageStore = await createImageStore(config);
    const summary = await restoreBackup(createReadStream(file), {
      dataDir: config.dataDir,
      imageStore,
    }).finally(() => imageStore.close());
    // Opening it proves it loads, and brings an older backup's schema up to date.
    const database = await openDatabase({ kind: "pglite", dataDir: config.dataDir });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    return summary;
  }
  const database = await openDatabase({ kind: "postgres", url: config.databaseUrl });
  const imageStore = await createImageStore(config, database);
  try {
    return await restoreBackup(createReadStream(file), { imageStore });
  } finally {
    await imageStore.close();
    await database.close();
  }
}
