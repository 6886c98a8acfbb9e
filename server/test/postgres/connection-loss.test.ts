import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { isDatabaseUnavailable } from "../../src/http/problem";
import { openTestDatabase } from "../support/test-database";

let database: Database | undefined;
afterEach(async () => {
  await database?.close().catch(() => {});
  database = undefined;
});

/** What node-postgres answers to db.execute(); the shared Db type leaves it unknown. */
type QueryRows<Row> = { rows: Row[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a database connection lost inside a transaction", () => {
  it("fails the transaction as 'database unavailable' and does not crash the process", async () => {
    database = await openTestDatabase();
    expect(database.kind).toBe("postgres");
    const { db } = database;
    const outcome = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The server ends this session, as on a shutdown or a failover.
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as QueryRows<{
          pid: number;
        }>;
        const [row] = rows;
        await db.execute(sql`select pg_terminate_backend(${row!.pid})`);
        // The loss arrives while no query runs on the connection: with no listener for it, the
        // pg client's "error" event would be an uncaught exception and end the process.
        await sleep(300);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => "committed",
        (error: unknown) => error,
      );
    expect(outcome).not.toBe("committed");
    expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);

    // The broken connection left the pool: the next query gets a sound one.
    const { rows } = (await db.execute(sql`select 1 as one`)) as QueryRows<{ one: number }>;
    expect(rows).toEqual([{ one: 1 }]);
  });
});
