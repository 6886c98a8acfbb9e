import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database";
import { prepareRows, type Database } from "./client";

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
