// npm run measure:limits [-- --products 10000,100000,1000000 --keep]
//
// Memory and start-up time of one instance at a catalogue size: for each size, a PostgreSQL
// database (DATABASE_URL names the server; `shop_limits_<n>`, seeded with the CLI's seed-large
// the first time and kept with --keep), then the built server started on it: the time until
// /api/health answers, until the in-memory catalogue index is built (/api/metrics'
// shop_catalogue_index_ready), its resident memory and heap then, and one uncached search.
import { execFileSync, spawn } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import { childEnvironment, freePort, repoRoot, serverEntry, sleep } from "./lib/shop-process.mjs";

const { values: options } = parseArgs({
  options: {
    products: { type: "string", default: "10000,100000,1000000" },
    keep: { type: "boolean", default: false },
  },
});
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    "Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres).",
  );
  process.exit(2);
}
const SECRET = "measure-limits-secret-that-is-long-enough-0123";
const METRICS_TOKEN = "measure-limits-metrics-token";
const databaseUrl = (name) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function withAdmin(work) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function prepare(count) {
  const name = `shop_limits_${count}`;
  const exists = await withAdmin(
    async (admin) => (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount,
  );
  if (!exists) await withAdmin((admin) => admin.query(`create database ${name}`));
  const products = await new pg.Client({ connectionString: databaseUrl(name) });
  await products.connect();
  const present = await products
    .query("select count(*)::int as n from products")
    .then((result) => result.rows[0].n)
    .catch(() => 0);
  await products.end();
  if (present < count) {
    console.log(`seeding ${count - present} products into ${name} …`);
    execFileSync(process.execPath, ["server/dist/cli.js", "seed-large", String(count - present)], {
      cwd: repoRoot,
      env: childEnvironment({ DATABASE_URL: databaseUrl(name), BETTER_AUTH_SECRET: SECRET }),
      stdio: "ignore",
    });
  }
  return name;
}

const sample = (text, name) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);

async function measure(count) {
  const name = await prepare(count);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: childEnvironment({
      DATABASE_URL: databaseUrl(name),
      BETTER_AUTH_SECRET: SECRET,
      METRICS_TOKEN,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    }),
    stdio: "ignore",
  });
  const metrics = async () =>
    (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  let healthyMs;
  let indexMs;
  let atHealthy;
  while (indexMs === undefined) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode})`);
    try {
      if (healthyMs === undefined && (await fetch(`${base}/api/health`)).ok) {
        healthyMs = performance.now() - started;
        atHealthy = await metrics();
      }
      if (healthyMs !== undefined) {
        if (sample(await metrics(), "shop_catalogue_index_ready") === 1)
          indexMs = performance.now() - started;
        // A list the cache has not seen starts a build if none runs (a change notice heard while
        // the first one ran drops it): as a shopper's first visit would.
        else
          await (
            await fetch(`${base}/api/products?limit=8&offset=${Math.floor(Math.random() * 1000)}`)
          ).text();
      }
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  await sleep(2_000);
  const settled = await metrics();
  const searchStarted = performance.now();
  await (await fetch(`${base}/api/products?q=linen&limit=8&nocache=${Date.now()}`)).text();
  const searchMs = performance.now() - searchStarted;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  if (!options.keep) await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
  const mb = (bytes) => Math.round(bytes / 1024 / 1024);
  return {
    products: count,
    healthyMs: Math.round(healthyMs),
    indexMs: Math.round(indexMs),
    rssAtHealthyMb: mb(sample(atHealthy, "process_resident_memory_bytes")),
    rssMb: mb(sample(settled, "process_resident_memory_bytes")),
    heapMb: mb(sample(settled, "nodejs_heap_size_used_bytes")),
    searchMs: Math.round(searchMs),
  };
}

const rows = [];
for (const count of options.products.split(",").map(Number)) rows.push(await measure(count));
console.log(
  "\n| products | healthy after | index built after | RSS at healthy | RSS with index | heap used | first search |",
);
console.log(
  "| -------: | ------------: | ----------------: | -------------: | -------------: | --------: | -----------: |",
);
for (const row of rows) {
  console.log(
    `| ${row.products.toLocaleString("en")} | ${row.healthyMs} ms | ${row.indexMs} ms | ${row.rssAtHealthyMb} MB | ${row.rssMb} MB | ${row.heapMb} MB | ${row.searchMs} ms |`,
  );
}
for (const row of rows)
  console.log(
    `limits products=${row.products} ${Object.entries(row)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`,
  );
