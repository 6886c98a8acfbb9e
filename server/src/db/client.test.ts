import { sql } from "drizzle-orm";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database";
import { isDatabaseUnavailable } from "../http/problem";
import {
  CONNECT_TIMEOUT_MS,
  openDatabase,
  POOL_SIZE,
  POOL_WAIT_MS,
  prepareRows,
  selectRows,
  type Database,
} from "./client";

// prepareRows reaches into drizzle's session (db._.session.prepareQuery): drizzle has no public
// way to prepare a raw statement under a name. These tests fail loudly when a drizzle upgrade
// changes that internal, on the database this project runs on.
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("prepareRows, a named prepared raw statement", () => {
  it("answers rows with the placeholders filled from the values, call after call", async () => {
    const numbersUpTo = prepareRows<{ n: number; label: string }>(
      database.db,
      "client_test_numbers",
      sql`select n, ${sql.placeholder("prefix")} || n::text as label
          from generate_series(1, ${sql.placeholder("last")}::int) n order by n`,
    );
    expect(await numbersUpTo({ prefix: "#", last: 3 })).toEqual([
      { n: 1, label: "#1" },
      { n: 2, label: "#2" },
      { n: 3, label: "#3" },
    ]);
    expect(await numbersUpTo({ prefix: "No. ", last: 1 })).toEqual([{ n: 1, label: "No. 1" }]);
  });

  it("keeps values out of the SQL text: a quote in a value is data, not syntax", async () => {
    const echo = prepareRows<{ value: string }>(
      database.db,
      "client_test_echo",
      sql`select ${sql.placeholder("value")}::text as value`,
    );
    expect(await echo({ value: "it's'; drop table users; --" })).toEqual([
      { value: "it's'; drop table users; --" },
    ]);
  });

  // PGlite's statements are named by reuseStatements instead (pglite-statements.test.ts).
  it.runIf(Boolean(inject("testDatabaseUrl")))("is prepared under its name on PostgreSQL", async () => {
    // The statement reads the connection's prepared statements while it runs, so it sees itself.
    const preparedNames = prepareRows<{ names: string[] }>(
      database.db,
      "client_test_prepared_names",
      sql`select coalesce(array_agg(name::text order by name), '{}') as names
          from pg_prepared_statements where name = ${sql.placeholder("name")}`,
    );
    expect(await preparedNames({ name: "client_test_prepared_names" })).toEqual([
      { names: ["client_test_prepared_names"] },
    ]);
  });
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("the PostgreSQL pool", () => {
  // Every connection busy for longer than the connect timeout: the next statement waits its turn.
  // With one timeout for both (pg-pool's default) it failed after 2 s as "the database is not
  // reachable", and a rush of checkouts turned into 503s (the load test on CI, 2026-11-28).
  it.runIf(Boolean(inject("testDatabaseUrl")))(
    "lets a statement wait for a busy connection beyond the connect timeout",
    async () => {
      const busy = await openDatabase({ kind: "postgres", url: database.url! });
      try {
        const holdSeconds = (CONNECT_TIMEOUT_MS + 1_000) / 1000;
        // drizzle's query runs when awaited: then() starts each now.
        const holders = Array.from({ length: POOL_SIZE }, () =>
          busy.db.execute(sql`select pg_sleep(${holdSeconds})`).then(() => "held"),
        );
        await until(() => busy.poolStats!().total === POOL_SIZE && busy.poolStats!().idle === 0);
        const started = performance.now();
        const [waiter] = await selectRows<{ answer: number }>(busy.db, sql`select 42 as answer`);
        expect(waiter).toEqual({ answer: 42 });
        expect(performance.now() - started).toBeGreaterThan(CONNECT_TIMEOUT_MS);
        expect(await Promise.all(holders)).toEqual(Array(POOL_SIZE).fill("held"));
      } finally {
        await busy.close();
      }
    },
  );

  it("gives up on a server that accepts but never answers after the connect timeout", async () => {
    const accepted = new Set<Socket>();
    const silent = createServer((socket) => accepted.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const unreachable = await openDatabase({
      kind: "postgres",
      url: `postgres://shop@127.0.0.1:${port}/shop`,
    });
    try {
      const started = performance.now();
      const failure = await unreachable.ping().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(performance.now() - started).toBeLessThan(POOL_WAIT_MS);
    } finally {
      await unreachable.close();
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
