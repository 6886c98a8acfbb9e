import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reuseStatements } from "./pglite-statements";

// PGlite-specific on either project: the embedded database is the one whose query() this replaces.
let plain: PGlite;
let reusing: PGlite;

const SETUP = `
  create table things (
    id uuid primary key default gen_random_uuid(), name text not null unique, price numeric(10, 2),
    made timestamptz not null default '2026-01-02T03:04:05Z', tags text[], details jsonb, ok boolean,
    count bigint, picture bytea);
  insert into things (name, price, tags, details, ok, count, picture)
    values ('Alpha', 12.5, '{a,b}', '{"x": [1, 2]}', true, 9007199254740993, '\\x0102'),
           ('Beta', null, null, null, false, -1, null)`;

beforeAll(async () => {
  plain = await PGlite.create();
  reusing = await PGlite.create();
  reuseStatements(reusing, 3);
  await plain.exec(SETUP);
  await reusing.exec(SETUP);
  for (const client of [plain, reusing]) {
    await client.exec(`create table counters (label text primary key, hits int not null);
      create function noisy(text) returns text language plpgsql as
        $$ begin raise notice 'read %', $1; return upper($1); end $$;`);
  }
});
afterAll(async () => {
  await plain.close();
  await reusing.close();
});

const preparedNames = async (client: PGlite) =>
  (await client.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map(
    (row) => row.name,
  );

describe("PGlite with reused statements", () => {
  it.each([
    ["object rows", { rowMode: "object" as const }],
    ["array rows", { rowMode: "array" as const }],
  ])("answers exactly what PGlite's own query answers, with %s", async (_, options) => {
    const text = `select id is not null as has_id, name, price, made, tags, details, ok, count, picture,
      $1::text as echo, $2::int[] as numbers, $3::timestamptz as moment, $4::jsonb as document
      from things where name = any($5::text[]) order by name`;
    const params = [
      "it's",
      [1, 2, 3],
      new Date("2026-05-06T07:08:09Z"),
      { deep: [true, null] },
      ["Alpha", "Beta"],
    ];
    const expected = await plain.query(text, params, options);
    for (let run = 0; run < 8; run++) {
      // Past PostgreSQL's five custom plans, so a generic plan answers too.
      const actual = await reusing.query(text, params, options);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
  });

  it.each([
    [
      "an insert without rows",
      "insert into counters (label, hits) values ($1, 1) on conflict (label) do update set hits = counters.hits + 1",
      ["ünïcødé ✓"],
    ],
    [
      "an update returning rows",
      "update counters set hits = hits + 1 where label = $1 returning *",
      ["ünïcødé ✓"],
    ],
    [
      "repeated column names (the last wins)",
      "select 1 as same, $1::text as same, null::int as gone",
      ["two"],
    ],
    ["no rows", "select label from counters where label = $1", ["nobody"]],
    ["a delete", "delete from counters where label = $1", ["nobody"]],
    [
      "a notice beside the rows (read by PGlite's parser)",
      "select label, noisy(label) from counters order by label",
      [],
    ],
  ])("answers PGlite's whole result (command, counts, rows, fields) for %s", async (_, text, params) => {
    for (let run = 0; run < 7; run++) {
      const expected = await plain.query(text, params);
      const actual = await reusing.query(text, params);
      expect(actual).toEqual(expected);
    }
  });

  it("parses a text once and runs it by name afterwards", async () => {
    const text = "select name from things where price > $1";
    await reusing.query(text, [1]);
    const before = await preparedNames(reusing);
    await reusing.query(text, [2]);
    await reusing.query(text, [3]);
    expect(await preparedNames(reusing)).toEqual(before);
    const { rows } = await reusing.query<{ statement: string }>(
      "select statement from pg_prepared_statements where statement = $1",
      [text],
    );
    expect(rows).toHaveLength(1);
  });

  it("keeps at most the given number of statements, closing the oldest", async () => {
    for (let index = 0; index < 6; index++) await reusing.query(`select ${index} + $1::int as n`, [1]);
    expect((await preparedNames(reusing)).length).toBeLessThanOrEqual(3);
    expect((await reusing.query<{ n: number }>("select 0 + $1::int as n", [42])).rows).toEqual([{ n: 42 }]);
  });

  it("reports a database error with its code and runs the statement again afterwards", async () => {
    const insert = "insert into things (name) values ($1) returning name";
    await expect(reusing.query(insert, ["Alpha"])).rejects.toMatchObject({ code: "23505" });
    expect((await reusing.query(insert, ["Gamma"])).rows).toEqual([{ name: "Gamma" }]);
    await expect(reusing.query("selec nothing")).rejects.toMatchObject({ code: "42601" });
  });

  it("runs a transaction's statements inside it, and others only after it", async () => {
    let releaseTransaction: () => void = () => {};
    const gate = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = reusing.transaction(async (tx) => {
      await tx.query("insert into things (name) values ($1)", ["Delta"]);
      expect(
        (await tx.query("select count(*)::int as n from things where name = $1", ["Delta"])).rows,
      ).toEqual([{ n: 1 }]);
      await gate;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Waits for the transaction (which rolls back) instead of running inside it.
    const outside = reusing.query("select count(*)::int as n from things where name = $1", ["Delta"]);
    releaseTransaction();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it("rolls back a transaction whose statement failed", async () => {
    await expect(
      reusing.transaction(async (tx) => {
        await tx.query("insert into things (name) values ($1)", ["Epsilon"]);
        await tx.query("insert into things (name) values ($1)", ["Alpha"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await reusing.query("select name from things where name = $1", ["Epsilon"])).rows).toEqual([]);
  });
});

describe("a closed PGlite with reused statements", () => {
  it("says it is closed, as PGlite's own query does", async () => {
    const client = await PGlite.create();
    reuseStatements(client);
    await client.close();
    await expect(client.query("select 1")).rejects.toThrow(/PGlite is closed/);
  });
});
