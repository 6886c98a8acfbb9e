// npm run bench [-- --rounds 3 --duration 5 --connections 50 --products 100000 --no-build]
//                 [--only products,search,... --databases pglite,postgres]
//
// Builds and starts the real shop, and beside it a bare node:http server that answers the same
// bytes from memory (the most Node can do on this machine). Drives both with autocannon,
// alternating, for several rounds, and prints medians per endpoint with the ratio to the bare
// server. Runs on the embedded database and, when DATABASE_URL is set, on PostgreSQL too.
import { execFileSync, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { childEnvironment, createScratchDatabase, signUp, startShop } from "./lib/shop-process.mjs";

const { values: options } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    products: { type: "string", default: "100000" },
    only: { type: "string" },
    databases: { type: "string", default: "pglite,postgres" },
    "no-build": { type: "boolean", default: false },
  },
});
const ROUNDS = Number(options.rounds);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const PRODUCTS = Number(options.products);
const ONLY = options.only ? new Set(options.only.split(",")) : null;
const DATABASES = new Set(options.databases.split(","));
const root = path.resolve(import.meta.dirname, "..");
const SEARCH_WORDS = [
  "watch",
  "linen",
  "boot",
  "silk",
  "camera",
  "denim",
  "speaker",
  "runner",
  "copper",
  "velvet",
  "nordic",
  "suede",
  "hoodie",
  "earbuds",
  "ivory",
  "mesh",
];

let uncached = 0;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function cli(env, ...args) {
  execFileSync(process.execPath, [path.join(root, "server/dist/cli.js"), ...args], {
    env: childEnvironment(env),
    stdio: "inherit",
  });
}

async function productIds(baseUrl, count) {
  const ids = [];
  for (let offset = 0; ids.length < count; offset += 100) {
    const page = await (await fetch(`${baseUrl}/api/products?limit=100&offset=${offset}`)).json();
    if (page.length === 0) break;
    ids.push(...page.map((product) => product._id));
  }
  return ids;
}

function run(url, endpoint) {
  let counter = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        method: endpoint.method ?? "GET",
        headers: endpoint.headers ?? {},
        body: endpoint.body,
        requests: [{ setupRequest: (request) => ({ ...request, path: endpoint.path(counter++) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The bare baseline server, in a process of its own like the shop (see bench-bare-server.mjs). */
async function startBareServer() {
  const child = fork(path.join(import.meta.dirname, "bench-bare-server.mjs"), { stdio: "inherit" });
  const nextMessage = () => new Promise((resolve) => child.once("message", resolve));
  const { port } = await nextMessage();
  return {
    url: `http://127.0.0.1:${port}`,
    answer: async ({ status, type, body }) => {
      child.send({ status, type, body: body.toString("base64") });
      await nextMessage();
    },
    close: () => new Promise((resolve) => (child.once("exit", resolve), child.disconnect())),
  };
}

async function benchDatabase(label, env) {
  console.log(`\n=== ${label}: ${PRODUCTS} products`);
  const seeding = Date.now();
  cli(env, "seed-large", String(PRODUCTS));
  console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  const shop = await startShop(env);
  const bare = await startBareServer();
  try {
    const reader = await signUp(shop.baseUrl, "reader");
    const writer = await signUp(shop.baseUrl, "writer");
    const ids = await productIds(shop.baseUrl, 20_000);
    for (const id of ids.slice(0, 5)) {
      await fetch(`${shop.baseUrl}/api/cart/${id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${reader.token}`, "content-type": "application/json" },
        body: JSON.stringify({ quantity: 1 }),
      });
    }
    const endpoints = [
      { name: "products", path: () => "/api/products?limit=8" },
      { name: "productdetail", path: () => `/api/productdetail/${ids[0]}` },
      {
        // What shoppers do: common words, answered from the catalogue cache after the first time.
        name: "search",
        path: (n) => `/api/products?q=${SEARCH_WORDS[n % SEARCH_WORDS.length]}&limit=8`,
      },
      {
        // Every request a new URL (the response cache keys on it): the catalogue index finds the
        // page (it remembers recent words' matches) and the database loads its rows.
        name: "search-uncached",
        path: (n) => `/api/products?q=${SEARCH_WORDS[n % SEARCH_WORDS.length]}&limit=8&nocache=${uncached++}`,
      },
      {
        // Every request a query nobody made before ("watch 4711"): nothing remembered anywhere.
        name: "search-unique",
        path: (n) => `/api/products?q=${SEARCH_WORDS[n % SEARCH_WORDS.length]}%20${uncached++}&limit=8`,
      },
      {
        name: "cart-read",
        path: () => `/api/carts/${reader.email}`,
        headers: { authorization: `Bearer ${reader.token}` },
      },
      {
        name: "cart-add",
        method: "PUT",
        // A different product each time keeps every line far below the 99-unit limit.
        path: (n) => `/api/cart/${ids[n % ids.length]}`,
        headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
        body: JSON.stringify({ quantity: 1 }),
      },
    ];
    const results = [];
    for (const endpoint of endpoints.filter(({ name }) => !ONLY || ONLY.has(name))) {
      const sample = await fetch(shop.baseUrl + endpoint.path(0), {
        method: endpoint.method ?? "GET",
        headers: endpoint.headers,
        body: endpoint.body,
      });
      await bare.answer({
        status: sample.status,
        type: sample.headers.get("content-type") ?? "application/json",
        body: Buffer.from(await sample.arrayBuffer()),
      });
      const rounds = { shop: [], bare: [] };
      for (let round = 0; round < ROUNDS; round++) {
        rounds.shop.push(await run(shop.baseUrl, endpoint));
        rounds.bare.push(await run(bare.url, endpoint));
      }
      const summary = (list) => ({
        rps: median(list.map((result) => result.requests.average)),
        p50: median(list.map((result) => result.latency.p50)),
        p99: median(list.map((result) => result.latency.p99)),
        errors: list.reduce((total, result) => total + result.errors + result.timeouts + result.non2xx, 0),
      });
      results.push({ name: endpoint.name, shop: summary(rounds.shop), bare: summary(rounds.bare) });
    }
    console.log(`\n${label} (${CONNECTIONS} connections, ${ROUNDS} × ${DURATION} s each, medians)`);
    console.log("endpoint        shop rps   bare rps   ratio   p50 ms   p99 ms   errors");
    for (const { name, shop: s, bare: b } of results) {
      console.log(
        `${name.padEnd(14)} ${s.rps.toFixed(0).padStart(9)} ${b.rps.toFixed(0).padStart(10)} ${(s.rps / b.rps).toFixed(2).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p99).padStart(8)} ${String(s.errors).padStart(8)}`,
      );
    }
    return results.map(
      ({ name, shop: s, bare: b }) =>
        `bench ${name} ${label} ratio=${(s.rps / b.rps).toFixed(3)} rps=${s.rps.toFixed(0)} p99_ms=${s.p99} errors=${s.errors}`,
    );
  } finally {
    await bare.close();
    await shop.stop();
  }
}

if (!options["no-build"]) execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

const lines = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
try {
  if (DATABASES.has("pglite")) lines.push(...(await benchDatabase("pglite", { DATA_DIR: dataDir })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.DATABASE_URL && DATABASES.has("postgres")) {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, "shop_bench");
  try {
    lines.push(
      ...(await benchDatabase("postgres", {
        DATABASE_URL: scratch.url,
        BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-that-is-long-enough-0123456789",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-bench-pg-")),
      })),
    );
  } finally {
    await scratch.drop();
  }
}

console.log("");
for (const line of lines) console.log(line);
