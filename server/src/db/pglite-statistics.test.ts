import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepStatistics } from "./pglite-statistics";

// PGlite-specific on either project: PostgreSQL has autovacuum for this.
let client: PGlite;
const errors: unknown[] = [];
let statistics: ReturnType<typeof keepStatistics>;

const reltuples = async (table: string) =>
  (await client.query<{ reltuples: number }>(`select reltuples from pg_class where relname = $1`, [table]))
    .rows[0]!.reltuples;

beforeAll(async () => {
  client = await PGlite.create();
  statistics = keepStatistics(client, (error) => errors.push(error));
  await client.exec(`create table lines (id serial primary key, owner int not null);
    create index lines_owner on lines (owner);`);
});
afterAll(async () => {
  await statistics.stop();
  await client.close();
});

describe("keepStatistics on PGlite (no autovacuum)", () => {
  it("analyses a table never analysed, then one grown past its statistics, and leaves an analysed one alone", async () => {
    expect(await reltuples("lines")).toBe(-1);
    await statistics.analyzeStale();
    expect(await reltuples("lines")).toBe(0);

    await client.exec(`insert into lines (owner) select n % 500 from generate_series(1, 20000) n`);
    await statistics.analyzeStale();
    expect(await reltuples("lines")).toBe(20_000);

    await client.exec(`insert into lines (owner) select 1 from generate_series(1, 10)`);
    await statistics.analyzeStale();
    expect(await reltuples("lines")).toBe(20_000);
    expect(errors).toEqual([]);
  });

  it("gives a prepared statement's generic plan the index for one owner's few rows, not a scan of the table", async () => {
    await client.exec("set plan_cache_mode = force_generic_plan");
    const plan = (
      await client.query<{ "QUERY PLAN": string }>("explain select id from lines where owner = $1", [7])
    ).rows.map((row) => row["QUERY PLAN"]);
    expect(plan.join("\n")).toMatch(/Index|Bitmap/);
    expect(plan.join("\n")).not.toMatch(/Seq Scan/);
  });
});
