import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/db/client";
import { createTemplatePostgres } from "./scratch-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A gzipped PGlite data directory with every migration applied. */
    pgliteDumpPath: string;
    /** Empty: tests run on PGlite. Otherwise a PostgreSQL server URL to create databases on. */
    testDatabaseUrl: string;
    /** In the server-postgres project, a migrated database each test database is copied from. */
    postgresTemplate: string;
  }
}

/** Initialising and migrating PGlite takes seconds: do it once and let each file load the dump. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "shop-test-"));
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "gzip"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("gzip");
  await database.close();
  const dumpPath = path.join(dir, "migrated.tar.gz");
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", dumpPath);
  const serverUrl = project.config.provide?.testDatabaseUrl;
  const template = serverUrl ? await createTemplatePostgres(serverUrl) : undefined;
  project.provide("postgresTemplate", template?.name ?? "");
  return async () => {
    await template?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}
