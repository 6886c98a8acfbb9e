import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { AUTH_SECRET_FILE } from "../auth/secret";
import type { Database } from "../db/client";
import { contentTypeOf, type ImageStore } from "../uploads/image-store";

/**
 * A backup is one gzipped tar: `manifest.json`; on the embedded database the PGlite data
 * directory (`database/pglite.tar`, PGlite's own dump) and the generated auth secret; and every
 * image, `images/<name>` (its content type follows from its name, as in every store). On PostgreSQL the database is
 * pg_dump's (deploy/README.md): the archive holds the images.
 */
export interface Manifest {
  format: "shop-backup";
  version: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  /** Whether `database/pglite.tar` is in the archive. */
  includesDatabase: boolean;
}

const MANIFEST = "manifest.json";
const DATABASE_ENTRY = "database/pglite.tar";
const SECRET_ENTRY = "auth-secret";
const IMAGE_PREFIX = "images/";

export interface BackupSource {
  database: Database;
  imageStore: ImageStore;
  /** The embedded database's folder: its generated auth secret goes into the archive. */
  dataDir: string;
}

type DumpableClient = { dumpDataDir(compression: "none"): Promise<Blob> };

/**
 * The archive as a stream, consistent while the shop runs: the database is dumped first, in one
 * step (PGlite dumps between two statements, so the copy is what a crash at that instant would
 * leave, which PostgreSQL recovers from its WAL: every committed transaction, nothing else).
 * The images are listed after it. An image is stored before its path is answered, so before any
 * product can name it: every image the dumped database names is in the list.
 */
export function createBackup(source: BackupSource): Readable {
  const pack = tar.pack();
  const output = new PassThrough();
  pack.on("error", (error) => output.destroy(error));
  pack.pipe(createGzip()).pipe(output);
  const add = (header: { name: string }, content: Buffer) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ ...header, mode: 0o600, mtime: new Date(), size: content.length }, content, (error) =>
        error ? reject(error) : resolve(),
      ),
    );

  void (async () => {
    const { database, imageStore, dataDir } = source;
    const embedded = database.kind === "pglite";
    const manifest: Manifest = {
      format: "shop-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      database: database.kind,
      includesDatabase: embedded,
    };
    await add({ name: MANIFEST }, Buffer.from(JSON.stringify(manifest, null, 2)));
    if (embedded) {
      // A checkpoint first: the copy then needs little WAL replay when it is opened.
      await database.db.execute(sql`checkpoint`);
      const client = (database.db as unknown as { $client: DumpableClient }).$client;
      // Uncompressed: the archive around it is gzipped.
      const dump = await client.dumpDataDir("none");
      await add({ name: DATABASE_ENTRY }, Buffer.from(await dump.arrayBuffer()));
      const secretFile = path.join(dataDir, AUTH_SECRET_FILE);
      if (existsSync(secretFile)) await add({ name: SECRET_ENTRY }, await readFile(secretFile));
    }
    for await (const name of imageStore.list()) {
      const image = await imageStore.get(name);
      if (!image) continue;
      await add({ name: `${IMAGE_PREFIX}${name}` }, image.bytes);
    }
    pack.finalize();
  })().catch((error: unknown) => pack.destroy(error as Error));
  return output;
}

export class RestoreError extends Error {
  override name = "RestoreError";
}

export interface RestoreTarget {
  /** Embedded: an empty folder to become DATA_DIR. Unset on PostgreSQL (pg_restore's job). */
  dataDir?: string;
  imageStore: ImageStore;
}

export interface RestoreSummary {
  manifest: Manifest;
  databaseRestored: boolean;
  images: number;
}

/**
 * Restores an archive made by createBackup: the embedded database into `dataDir` (which must not
 * hold one), the auth secret beside it, and every image into the store (present ones are kept).
 */
export async function restoreBackup(archive: Readable, target: RestoreTarget): Promise<RestoreSummary> {
  const extract = tar.extract();
  archive
    .pipe(createGunzip())
    .on("error", (error) => extract.destroy(error))
    .pipe(extract);
  let manifest: Manifest | undefined;
  let databaseRestored = false;
  let images = 0;
  for await (const entry of extract) {
    const content = await collect(entry);
    const { name } = entry.header;
    if (!manifest) {
      if (name !== MANIFEST) throw new RestoreError("Not a shop backup: it does not start with a manifest.");
      manifest = JSON.parse(content.toString("utf8")) as Manifest;
      if (manifest.format !== "shop-backup" || manifest.version !== 1) {
        throw new RestoreError("Not a shop backup this version can read.");
      }
      if (manifest.includesDatabase && !target.dataDir) {
        throw new RestoreError(
          "This backup holds an embedded database: restore it without DATABASE_URL, into an empty DATA_DIR.",
        );
      }
      continue;
    }
    if (name === DATABASE_ENTRY && target.dataDir) {
      await loadPgliteDump(target.dataDir, content);
      databaseRestored = true;
    } else if (name === SECRET_ENTRY && target.dataDir) {
      await writeFile(path.join(target.dataDir, AUTH_SECRET_FILE), content, { mode: 0o600 });
    } else if (name.startsWith(IMAGE_PREFIX)) {
      const imageName = name.slice(IMAGE_PREFIX.length);
      await target.imageStore.put(imageName, content, contentTypeOf(imageName));
      images += 1;
    }
  }
  if (!manifest) throw new RestoreError("The archive is empty.");
  return { manifest, databaseRestored, images };
}

/** Whether a folder holds a PostgreSQL (PGlite) data directory. */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, "PG_VERSION"));

async function loadPgliteDump(dataDir: string, dump: Buffer) {
  if (holdsDatabase(dataDir)) {
    throw new RestoreError(`${dataDir} holds a database already: restore into an empty DATA_DIR.`);
  }
  const client = await PGlite.create({ dataDir, loadDataDir: new Blob([dump]) });
  await client.close();
}

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
