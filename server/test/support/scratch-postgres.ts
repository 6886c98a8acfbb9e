import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/db/client";

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl` (tests, measurements), dropped
 * when it is closed; no other database on the server is touched.
 */
export async function openScratchPostgres(serverUrl: string, prefix = "shop_test"): Promise<Database> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
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
