// npm run measure:index [-- --products 100000 --database-url postgres://…]
//
// What the catalogue index's minute-by-minute upkeep costs at a large catalogue: a full build
// (wall time, and the longest the event loop waited meanwhile, which every request then waits
// too) against the check that keeps a settled snapshot when the database counted no write.
// Seeds a fresh embedded database (or a fresh database on the given PostgreSQL server).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "../src/db/client";
import { seedLargeCatalogue } from "../src/db/large-catalogue";
import { CatalogueIndex } from "../src/products/catalogue-index";
import { openScratchPostgres } from "../test/support/scratch-postgres";

const { values: options } = parseArgs({
  options: { products: { type: "string", default: "100000" }, "database-url": { type: "string" } },
});
const PRODUCTS = Number(options.products);

async function withDatabase<T>(work: (database: Database) => Promise<T>) {
  const serverUrl = options["database-url"];
  const dataDir = serverUrl ? undefined : await mkdtemp(path.join(tmpdir(), "measure-index-"));
  const database = serverUrl
    ? await openScratchPostgres(serverUrl, "measure_index")
    : await openDatabase({ kind: "pglite", dataDir: dataDir! });
  try {
    if (dataDir) await database.migrate();
    return await work(database);
  } finally {
    await database.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs `step`, saying how long it took and the longest stretch in which no timer could run. */
async function timed(label: string, step: () => Promise<void>) {
  let longestStall = 0;
  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const tick = performance.now();
    longestStall = Math.max(longestStall, tick - lastTick);
    lastTick = tick;
  }, 1);
  const started = performance.now();
  await step();
  const took = performance.now() - started;
  clearInterval(ticker);
  longestStall = Math.max(longestStall, performance.now() - lastTick);
  console.log(`${label}: ${took.toFixed(0)} ms, the event loop stalled up to ${longestStall.toFixed(0)} ms`);
}

await withDatabase(async (database) => {
  const seeding = performance.now();
  await seedLargeCatalogue(database.db, PRODUCTS, { withSizes: true });
  console.log(
    `${database.kind}: ${PRODUCTS} products seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  let now = 0;
  const index = new CatalogueIndex(database.db, { now: () => now });
  await timed("first build", () => index.warm());
  now += 60_001;
  await timed("second build (the count stood still: settles)", () => index.warm());
  for (let minute = 0; minute < 3; minute += 1) {
    now += 60_001;
    await timed("a minute on, nothing written: kept", () => index.warm());
  }
});
