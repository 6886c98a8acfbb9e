import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../src/db/client";
import { openScratchPostgres } from "./scratch-postgres";

/**
 * A fresh, migrated database for one test file: a PGlite copy of the prepared dump, or, in the
 * server-postgres project, a new database on that PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = inject("testDatabaseUrl");
  if (!serverUrl) {
    const dump = await readFile(inject("pgliteDumpPath"));
    return openDatabase({ kind: "pglite", loadDataDir: new Blob([dump]) });
  }
  return openScratchPostgres(serverUrl, "shop_test", inject("postgresTemplate"));
}
