import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../src/db/client";

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

  const name = `shop_test_${randomUUID().replaceAll("-", "")}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
