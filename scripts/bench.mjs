// npm run bench [-- --rounds 3 --duration 5 --connections 50 --products 100000 --no-build]
//                 [--only sitemap,products,search-short,... --databases pglite,postgres --shop <checkout>]
//                 [--orders 1000000 [--reuse-database postgres://…/seeded]]
//
// Builds and starts the real shop, and beside it a bare node:http server that answers the shop's
// own answer (status, headers, body) from memory: the most Node can do on this machine. Drives
// both with wrk (scripts/lib/wrk.mjs), alternating, for several rounds, and prints medians per
// endpoint with the ratio to the bare server. First it shows that the generator is not the
// bottleneck: the bare server with one wrk thread and with two (every row then uses two when the
// second thread added more than 10 %). Each row also shows the share of the run the shop's main
// thread waited for a core (on a loaded machine, the source of the long tail). Runs on the
// embedded database and, when DATABASE_URL is set, on a database of its own on that PostgreSQL
// server (created and dropped here; no other database is touched). `--shop <dir>` benches another built checkout
// (e.g. the main branch before a change) with this script, for before/after figures. Each round's
// figures print as they come; BENCH_SHOP_LOG=<file> keeps what the shop printed (with
// SHOP_NODE_FLAGS=--trace-gc, its garbage collections). `--orders N` adds N generated orders and the
// owner's rows (All Orders first and deep pages, search, filters, customers, and the CSV export's
// peak memory); `--reuse-database <url>` benches a PostgreSQL database seeded earlier as it is.
import "./lib/project-node.mjs";
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  childEnvironment,
  createScratchDatabase,
  signUp,
  startShop,
  TEST_CARD,
  testDelivery,
} from "./lib/shop-process.mjs";
import { ensureWrk, wrk } from "./lib/wrk.mjs";

const { values: options } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    products: { type: "string", default: "100000" },
    only: { type: "string" },
    databases: { type: "string", default: "pglite,postgres" },
    shop: { type: "string" },
    "no-build": { type: "boolean", default: false },
    orders: { type: "string", default: "0" },
    "reuse-database": { type: "string" },
  },
});
/** Generated orders (seed-orders) beside the products; past 0 the owner's rows run too (issue 40). */
const ORDERS = Number(options.orders);
/**
 * A PostgreSQL database already seeded with --products and --orders (a million orders take minutes
 * to generate): benched as it is, not created, seeded or dropped.
 */
const REUSED_DATABASE = options["reuse-database"];
const ROUNDS = Number(options.rounds);
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const PRODUCTS = Number(options.products);
const ONLY = options.only ? new Set(options.only.split(",")) : null;
const DATABASES = new Set(options.databases.split(","));
const root = path.resolve(import.meta.dirname, "..");
const shopRoot = path.resolve(options.shop ?? root);
/** Common words shoppers type, answered from the response cache once asked twice. */
const SEARCH_WORDS = ["watch", "linen", "boot", "silk", "camera", "denim", "speaker", "runner", "copper"];
/** Whole words, short and long, for searches at new URLs. */
/** Words of the generated names with two letters swapped: one typo each (issue 41). */
const TYPO_WORDS = [
  "mindight",
  "coatsal",
  "vintgae",
  "leathre",
  "cottno",
  "titanuim",
  "ceramci",
  "graphtie",
  "chronogrpah",
  "headphnoes",
  "smartwacth",
  "controllre",
  "cardigna",
  "sneakre",
  "jakcet",
  "hodie",
];
/** A word and the start of the next, as the shopper types. */
const PREFIX_QUERIES = [
  "urban lea",
  "copper sne",
  "nordic wo",
  "alpine can",
  "sage sil",
  "metro ste",
  "ivory den",
  "velvet mes",
  "harbour cot",
  "desert sue",
  "classic tit",
  "summer cer",
];
/** Words the demo synonyms turn into the names' words. */
const SYNONYM_WORDS = ["trainers", "sweatshirt", "purse", "coat", "stiletto", "earphones", "tee", "kicks"];
const LONG_WORDS = [...SEARCH_WORDS, "chronograph", "headphones", "smartwatch", "graphite", "controller"];
const CARD = TEST_CARD;
const DELIVERY = testDelivery("Bench");
const CHECKOUT_SHOPPERS = 8;
const PAGE = 8;
const DEEPEST_OFFSET = 240;

/**
 * CPU seconds a process has used (Linux /proc; clock ticks of 10 ms). CPU per request holds up
 * when other work on the machine takes turns with the shop, where requests/s do not.
 */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Nanoseconds the process's main thread has run and has waited for a core (Linux schedstat). A
 * thread that waits for a core as long as it runs serves a turn of the event loop (one request per
 * connection) in twice the time: on a loaded machine that, not the shop, makes the long tail
 * (docs/decisions/018-cart-paths-profiled.md). On a quiet machine the wait is near 0 %.
 */
function schedNanoseconds(pid) {
  const [ran, waited] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ").map(Number);
  return { ran, waited };
}

/**
 * A wrk run that also reports the server process's CPU microseconds per request and the share of
 * the run its main thread spent waiting for a core.
 */
async function measure(baseUrl, pid, endpoint, settings) {
  const before = cpuSeconds(pid);
  const schedBefore = schedNanoseconds(pid);
  const result = await wrk(baseUrl, endpoint, settings);
  const requests = result.rps * settings.duration;
  const schedAfter = schedNanoseconds(pid);
  const ran = schedAfter.ran - schedBefore.ran;
  const waited = schedAfter.waited - schedBefore.waited;
  return {
    ...result,
    cpu: ((cpuSeconds(pid) - before) * 1e6) / requests,
    waitedForCore: ran + waited > 0 ? waited / (ran + waited) : 0,
  };
}

/**
 * The same row driven by autocannon instead of wrk, at the same connections and duration, every
 * URL new as in wrk (items in turn, each with a nonce of its own). For the uncached rows: when two
 * generators agree on the tail, it is the shop's. (They once disagreed by 0.5-3 s: wrk's start,
 * see WARM_UP_MS in lib/wrk.mjs; autocannon has no such wait, so its maximum still holds it.)
 */
async function crossCheck(baseUrl, endpoint) {
  const nonce = `ac${Date.now().toString(36)}`;
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          return { ...request, path: `${endpoint.items[n % endpoint.items.length]}&n=${nonce}${n}` };
        },
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const random = (n) => Math.floor(Math.random() * n);
const randomOffset = () => random(DEEPEST_OFFSET / PAGE + 1) * PAGE;

function cli(env, ...args) {
  execFileSync(process.execPath, [path.join(shopRoot, "server/dist/cli.js"), ...args], {
    env: childEnvironment(env),
    stdio: "inherit",
  });
}

async function catalogue(baseUrl, count) {
  const products = [];
  for (let offset = 0; products.length < count; offset += 100) {
    const page = await (await fetch(`${baseUrl}/api/products?limit=100&offset=${offset}`)).json();
    if (page.length === 0) break;
    products.push(...page);
  }
  return products;
}

/**
 * Issue 18: the sitemap lists every product at the bench's size. Reads /sitemap.xml (an index past
 * 50,000 addresses) and every file it names, and compares the product ids with every id the API
 * lists and with the number the bench seeded. Throws when one is missing, unknown or listed twice.
 */
async function checkSitemap(baseUrl) {
  const known = new Set((await catalogue(baseUrl, Infinity)).map((product) => product._id));
  const root = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files = root.includes("<sitemapindex")
    ? [...root.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
    : ["/sitemap.xml"];
  const listed = new Set();
  let addresses = 0;
  for (const file of files) {
    const body = file === "/sitemap.xml" ? root : await (await fetch(`${baseUrl}${file}`)).text();
    for (const match of body.matchAll(/\/aboutproduct\/([0-9a-f-]{36})<\/loc>/g)) {
      listed.add(match[1]);
      addresses++;
    }
  }
  const unknown = [...listed].filter((id) => !known.has(id)).length;
  const line = `sitemap: ${files.length} file(s), ${listed.size} products listed of ${known.size} (${PRODUCTS} seeded), ${addresses - listed.size} listed twice, ${unknown} unknown`;
  const complete = known.size === PRODUCTS && listed.size === known.size && addresses === known.size;
  if (!complete || unknown > 0) throw new Error(line);
  return line;
}

/** 2–4 letter pieces of real names, with offsets down to DEEPEST_OFFSET. */
function shortFragments(names, count) {
  const fragments = [];
  while (fragments.length < count) {
    const name = names[random(names.length)].toLowerCase();
    const length = 2 + random(3);
    const start = random(Math.max(1, name.length - length));
    const fragment = name.slice(start, start + length);
    if (/^[a-z]+$/.test(fragment))
      fragments.push(`/api/products?q=${fragment}&limit=${PAGE}&offset=${randomOffset()}`);
  }
  return fragments;
}

const SORTS = ["newest", "price-asc", "price-desc", "best-selling", "rating", "saving"];
const CATEGORY_PATHS = ["/api/products?", "/api/womans/?", "/api/mans/?", "/api/shoes/?", "/api/gadget/?"];
/** Sizes and colours of the generated clothes and shoes (seedLargeCatalogue with sizes). */
const VARIANT_FILTERS = ["", "", "&size=M", "&size=42", "&colour=Black", "&size=XL&colour=Red"];
const PRICE_FILTERS = [
  "",
  "&maxPrice=25",
  "&minPrice=25&maxPrice=50",
  "&minPrice=50&maxPrice=100",
  "&minPrice=100&maxPrice=200",
  "&minPrice=200",
  "&minPrice=12.5&maxPrice=80",
];

/**
 * Product lists with any combination of category, price range, size, colour, in-stock only, order and (half
 * the time) a word, at offsets down to DEEPEST_OFFSET: what the filter panel asks for.
 * `path` is /api/products or /api/products/facets (which takes the same filters).
 */
function filteredLists(count, { facets = false, onSale = false } = {}) {
  const lists = [];
  for (let index = 0; index < count; index += 1) {
    const category = CATEGORY_PATHS[random(CATEGORY_PATHS.length)];
    const base = facets ? category.replace(/^\/api\/\w+\/?\?/, "/api/products/facets?") : category;
    const categoryParam =
      facets && category !== CATEGORY_PATHS[0]
        ? `catagory=${category.split("/")[2].replace("gadget", "gadgets")}`
        : "";
    const q = random(2) ? `&q=${LONG_WORDS[random(LONG_WORDS.length)]}` : "";
    const stock = random(2) ? "&inStock=true" : "";
    const sort = facets ? "" : `&sort=${SORTS[random(SORTS.length)]}&limit=${PAGE}&offset=${randomOffset()}`;
    const price = PRICE_FILTERS[random(PRICE_FILTERS.length)];
    const variant = VARIANT_FILTERS[random(VARIANT_FILTERS.length)];
    lists.push(`${base}${categoryParam}${q}${price}${variant}${stock}${onSale ? "&onSale=1" : ""}${sort}`);
  }
  return lists;
}

/** Generated buyers' first names (server/src/db/order-generator.ts): what an owner searches for. */
const BUYER_NAMES = ["nusrat", "rahim", "maya", "karim", "priya", "omar hossain", "sara khan", "tariq"];
/** How many of the owner's requests are in flight at once: a few people at their desks. */
const OWNER_CONNECTIONS = 5;
const ORDER_FILTERS = [
  "status=delivered",
  "status=cancelled",
  "status=paid&sort=oldest",
  "shippingMethod=Express",
  "payment=attention",
  "sort=total-desc",
  "sort=total-asc",
];

/**
 * The owner's pages at scale (issue 40, with --orders): All Orders' first page, pages deep in the
 * list (keyset, after an order number), searches by name, e-mail and number, filters and sorts,
 * the customers list, insights over 90 days, Low Stock and its badge, as an admin. OWNER_CONNECTIONS at once: a shop's staff, not its shoppers.
 */
async function ownerEndpoints(shop, adminEmail) {
  const admin = await signUp(shop, "Bench Owner", adminEmail);
  const headers = { authorization: `Bearer ${admin.token}` };
  const numberAt = async (offset, sort = "newest") => {
    const page = await (
      await fetch(`${shop.baseUrl}/api/admin/orders?limit=1&offset=${offset}&sort=${sort}`, { headers })
    ).json();
    return page[0]?.number;
  };
  const total = Number(
    (await fetch(`${shop.baseUrl}/api/admin/orders?limit=1`, { headers })).headers.get("x-total-count"),
  );
  // Anchors through the whole list (past the count's cap: the list is longer than it says).
  const depth = Math.max(ORDERS, total);
  const anchors = [];
  for (const share of [0.1, 0.3, 0.5, 0.7, 0.9]) {
    for (const sort of ["newest", "total-desc"]) {
      const number = await numberAt(Math.min(1_000_000, Math.floor(depth * share)), sort);
      if (number) anchors.push(`/api/admin/orders?limit=20&sort=${sort}&after=${number}`);
    }
  }
  const someNumbers = anchors.map((url) => url.split("after=")[1]);
  return [
    { name: "orders-first", path: "/api/admin/orders?limit=20", headers, connections: OWNER_CONNECTIONS },
    {
      name: "orders-deep",
      items: anchors,
      headers,
      connections: OWNER_CONNECTIONS,
      request: "return wrk.format(nil, items[(n % #items) + 1], headers)",
    },
    {
      name: "orders-search",
      items: [
        ...BUYER_NAMES.map((name) => `/api/admin/orders?limit=20&q=${encodeURIComponent(name)}`),
        ...["customer-", "customer-1", "customer-42"].map(
          (prefix) => `/api/admin/orders?limit=20&q=${prefix}`,
        ),
        ...someNumbers.map((number) => `/api/admin/orders?limit=20&q=%23${number}`),
      ],
      headers,
      connections: OWNER_CONNECTIONS,
      request: "return wrk.format(nil, items[(n % #items) + 1], headers)",
    },
    {
      name: "orders-filter",
      items: ORDER_FILTERS.map((filter) => `/api/admin/orders?limit=20&${filter}`),
      headers,
      connections: OWNER_CONNECTIONS,
      request: "return wrk.format(nil, items[(n % #items) + 1], headers)",
    },
    {
      name: "insights-90",
      path: "/api/admin/insights?days=90",
      headers,
      connections: OWNER_CONNECTIONS,
    },
    { name: "lowstock", path: "/api/admin/low-stock", headers, connections: OWNER_CONNECTIONS },
    { name: "lowstock-badge", path: "/api/admin/low-stock/count", headers, connections: OWNER_CONNECTIONS },
    {
      name: "customers",
      items: [
        ...["last-order", "spent", "orders", "name", "joined"].map(
          (sort) => `/api/admin/customers?limit=20&sort=${sort}`,
        ),
        ...BUYER_NAMES.map((name) => `/api/admin/customers?limit=20&q=${encodeURIComponent(name)}`),
      ],
      headers,
      connections: OWNER_CONNECTIONS,
      request: "return wrk.format(nil, items[(n % #items) + 1], headers)",
    },
  ];
}

/** Resident memory of a process, in MB (Linux /proc). */
const residentMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

/**
 * Every order as CSV (GET /api/admin/orders.csv, streamed): rows, seconds, and the shop's resident
 * memory before and at its peak, sampled every 20 ms while the file downloads.
 */
async function measureOrdersCsv(shop, headers) {
  const before = residentMb(shop.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(shop.pid))), 20);
  const started = Date.now();
  let rows = -1;
  let bytes = 0;
  try {
    const response = await fetch(`${shop.baseUrl}/api/admin/orders.csv`, { headers });
    if (!response.ok) throw new Error(`orders.csv: ${response.status}`);
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      bytes += chunk.length;
      rows += (decoder.decode(chunk, { stream: true }).match(/\r\n/g) ?? []).length;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - started) / 1000;
  return `orders-csv: ${rows} orders, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s; shop RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak (+${(peak - before).toFixed(0)} MB)`;
}

/** The bare baseline server, in a process of its own like the shop (see bench-bare-server.mjs). */
async function startBareServer() {
  const child = fork(path.join(import.meta.dirname, "bench-bare-server.mjs"), { stdio: "inherit" });
  const nextMessage = () => new Promise((resolve) => child.once("message", resolve));
  const { port } = await nextMessage();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** Answer every request as `sample` (a fetch Response, read here) was answered. */
    answerAs: async (sample) => {
      const skip = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
      const headers = [...sample.headers].filter(([name]) => !skip.has(name)).flat();
      const body = Buffer.from(await sample.arrayBuffer());
      child.send({ status: sample.status, headers, body: body.toString("base64") });
      await nextMessage();
    },
    close: () => new Promise((resolve) => (child.once("exit", resolve), child.disconnect())),
  };
}

const cartAdd = (baseUrl, token, productId) =>
  fetch(`${baseUrl}/api/cart/${productId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ quantity: 1 }),
  });

/**
 * Fresh shoppers with `count` cart lines between them, each line a product of its own: answers
 * [token, lineId] pairs, one checkout each. Fresh accounts every time, so no line is bought twice.
 */
async function fillCarts(shop, products, count) {
  const { baseUrl } = shop;
  const shoppers = [];
  // Checkout needs a verified address: signUp confirms it through the mail the shop logs.
  for (let index = 0; index < CHECKOUT_SHOPPERS; index++) shoppers.push(await signUp(shop, "checkout"));
  const lines = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const shopper = shoppers[index % shoppers.length];
      const response = await cartAdd(baseUrl, shopper.token, products[index % products.length]._id);
      if (!response.ok) throw new Error(`filling the carts: ${response.status} ${await response.text()}`);
      lines.push([shopper.token, (await response.json())._id]);
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return lines;
}

const checkoutRequest = `
  local item = items[(n % #items) + 1]
  local key = string.format("%s-%04x-4000-8000-%012x", nonce, thread_index, counter)
  return wrk.format("POST", "/api/orders", {
    ["authorization"] = "Bearer " .. item[1], ["idempotency-key"] = key,
    ["content-type"] = "application/json" },
    '{"lineIds":["' .. item[2] .. '"],"delivery":${JSON.stringify(DELIVERY)},"card":${JSON.stringify(CARD)}}')`;

/** The bare server with one wrk thread and with two: if two do not go faster, one is enough. */
/** wrk's threads for every row: two when the generator check finds one thread holding the bare server back. */
let wrkThreads = 1;

async function checkGenerator(bare, endpoint) {
  const one = await wrk(bare.url, endpoint, { threads: 1, connections: CONNECTIONS, duration: DURATION });
  const two = await wrk(bare.url, endpoint, { threads: 2, connections: CONNECTIONS, duration: DURATION });
  // More than 10 % from a second thread: one thread was the bottleneck, so every row uses two.
  wrkThreads = two.rps > one.rps * 1.1 ? 2 : 1;
  return `generator check (bare server, ${endpoint.name}): wrk -t1 ${one.rps.toFixed(0)} requests/s, -t2 ${two.rps.toFixed(0)} requests/s; the rows use -t${wrkThreads}`;
}

async function benchDatabase(label, env, { checkGeneratorFirst }) {
  console.log(`\n=== ${label}: ${PRODUCTS} products (${shopRoot}), Node ${process.version}`);
  const seeding = Date.now();
  if (!env.reused) {
    cli(env, "seed-large", String(PRODUCTS));
    if (ORDERS > 0) cli(env, "seed-orders", String(ORDERS));
    console.log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
  }
  const adminEmail = `bench-admin-${Date.now().toString(36)}@shop.test`;
  // The public catalogue has its sitemap (checked below); it changes no API answer the rows ask for.
  const { reused: _reused, ...shopEnv } = env;
  const shop = await startShop(
    { ...shopEnv, PUBLIC_CATALOGUE: "true", ADMIN_EMAILS: adminEmail },
    { entry: path.join(shopRoot, "server/dist/main.js") },
  );
  const bare = await startBareServer();
  const notes = [];
  try {
    if (!ONLY || ONLY.has("sitemap")) {
      notes.push(await checkSitemap(shop.baseUrl));
      console.log(notes.at(-1));
    }
    const reader = await signUp(shop, "reader");
    const writer = await signUp(shop, "writer");
    // Carts and checkout take products sold in one variant (the generated gadgets, bags and
    // watches; clothes and shoes need a size): a third of the catalogue, so read more of it.
    const products = (await catalogue(shop.baseUrl, 60_000)).filter(
      (product) => product.variantCount === 1 && product.stock > 0,
    );
    const ids = products.map((product) => product._id);
    for (const id of ids.slice(0, 5)) await cartAdd(shop.baseUrl, reader.token, id);
    const ownerRows = ORDERS > 0 || env.reused ? await ownerEndpoints(shop, adminEmail) : [];
    const endpoints = [
      { name: "products", path: `/api/products?limit=${PAGE}` },
      { name: "productdetail", path: `/api/productdetail/${ids[0]}` },
      {
        // What shoppers do: common words, answered from the catalogue cache once asked twice.
        name: "search",
        items: SEARCH_WORDS.map((word) => `/api/products?q=${word}&limit=${PAGE}`),
        request: "return wrk.format(nil, items[(n % #items) + 1])",
      },
      {
        // Words, short and long, at offsets down to 240, every URL new (the response cache keys on it).
        name: "search-uncached",
        items: Array.from(
          { length: 2000 },
          () =>
            `/api/products?q=${LONG_WORDS[random(LONG_WORDS.length)]}&limit=${PAGE}&offset=${randomOffset()}`,
        ),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
        crossCheck: true,
      },
      {
        // 2–4 letter fragments of names at offsets down to 240, every URL new.
        name: "search-short",
        items: shortFragments(
          products.map((product) => product.productname),
          5000,
        ),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
        crossCheck: true,
      },
      {
        // Every request a query nobody made before, which matches nothing ("watch 4711").
        name: "search-unique",
        items: SEARCH_WORDS.map((word) => `/api/products?q=${word}%20`),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. nonce .. n .. "&limit=${PAGE}")`,
      },
      {
        // Words typed with a typo (two letters swapped), at offsets down to 240, every URL new.
        name: "search-typo",
        items: Array.from({ length: 2000 }, () => {
          const word = TYPO_WORDS[random(TYPO_WORDS.length)];
          return `/api/products?q=${word}&limit=${PAGE}&offset=${randomOffset()}`;
        }),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
      },
      {
        // A word and the start of the next, as typed ("urban lea"), every URL new.
        name: "search-prefix",
        items: PREFIX_QUERIES.map((query) => `/api/products?q=${encodeURIComponent(query)}&limit=${PAGE}`),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
      },
      {
        // The demo synonyms ("trainers" finds sneakers), every URL new.
        name: "search-synonym",
        items: SYNONYM_WORDS.map((word) => `/api/products?q=${word}&limit=${PAGE}`),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
      },
      {
        // The header's suggestions while typing: prefixes and typos, every URL new.
        name: "suggest",
        items: [...PREFIX_QUERIES, ...TYPO_WORDS].map(
          (query) => `/api/products/suggest?q=${encodeURIComponent(query)}`,
        ),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
      },
      {
        // Filters + order (+ a word half the time), every URL new: the index, not the response cache.
        name: "filter-uncached",
        items: filteredLists(5000),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
        crossCheck: true,
      },
      {
        // The same with "On sale" (a fifth of the seeded products), every URL new.
        name: "onsale-uncached",
        items: filteredLists(5000, { onSale: true }),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
      },
      {
        // The filter panel's counts for such lists, every URL new.
        name: "facets-uncached",
        items: filteredLists(5000, { facets: true }),
        request: `return wrk.format(nil, items[(n % #items) + 1] .. "&n=" .. nonce .. n)`,
        crossCheck: true,
      },
      {
        name: "cart-read",
        path: `/api/carts/${reader.email}`,
        headers: { authorization: `Bearer ${reader.token}` },
      },
      {
        name: "cart-add",
        // A different product each time keeps every line far below the 99-unit limit.
        items: ids,
        headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
        request: `return wrk.format("PUT", "/api/cart/" .. items[(n % #items) + 1], headers, '{"quantity":1}')`,
      },
      { name: "checkout", checkout: true, request: checkoutRequest },
      ...ownerRows,
    ].filter(({ name }) => !ONLY || ONLY.has(name));
    if (ownerRows.length > 0 && (!ONLY || ONLY.has("orders-csv"))) {
      notes.push(await measureOrdersCsv(shop, ownerRows[0].headers));
      console.log(notes.at(-1));
    }

    const results = [];
    for (const endpoint of endpoints) {
      const rounds = { shop: [], bare: [] };
      let expectedRps = 0;
      for (let round = 0; round < ROUNDS; round++) {
        if (endpoint.checkout) {
          // Enough lines for this round: what the last one managed, twice over (a probe first).
          const needed = expectedRps ? Math.ceil(expectedRps * DURATION * 2) + 200 : 3000;
          // Fewer lines than checkouts: wrk repeats lines already bought, whose cheap refusals
          // would be counted as checkouts (the row's errors), so the figures would not be checkouts'.
          if (needed > products.length) {
            console.log(
              `    checkout: WARNING ${needed} lines wanted, ${products.length} products to fill them: raise --products, or read this row as refusals`,
            );
          }
          endpoint.items = await fillCarts(shop, products, Math.min(needed, products.length));
          if (round === 0) {
            const probe = await wrk(shop.baseUrl, endpoint, { connections: CONNECTIONS, duration: 1 });
            expectedRps = probe.rps;
            endpoint.items = await fillCarts(
              shop,
              products,
              Math.min(Math.ceil(expectedRps * DURATION * 2) + 200, products.length),
            );
          }
        }
        if (round === 0) await bare.answerAs(await sampleAnswer(shop.baseUrl, endpoint));
        if (round === 0 && checkGeneratorFirst && results.length === 0) {
          notes.push(await checkGenerator(bare, endpoint));
          console.log(notes.at(-1));
        }
        const settings = {
          threads: wrkThreads,
          connections: endpoint.connections ?? CONNECTIONS,
          duration: DURATION,
        };
        const shopResult = await measure(shop.baseUrl, shop.pid, endpoint, settings);
        rounds.shop.push(shopResult);
        // Each round's own figures: a first round slower than the rest shows a cold start.
        console.log(
          `    ${endpoint.name} round ${round + 1}: ${shopResult.rps.toFixed(0)} requests/s, p50 ${shopResult.p50.toFixed(1)} ms, p99 ${shopResult.p99.toFixed(1)} ms`,
        );
        expectedRps = Math.max(expectedRps, shopResult.rps);
        rounds.bare.push(await measure(bare.url, bare.pid, endpoint, settings));
        if (endpoint.crossCheck && round === ROUNDS - 1) {
          rounds.crossCheck = await crossCheck(shop.baseUrl, endpoint);
          console.log(
            `    ${endpoint.name} autocannon: ${rounds.crossCheck.rps.toFixed(0)} requests/s, p50 ${rounds.crossCheck.p50} ms, p99 ${rounds.crossCheck.p99} ms`,
          );
        }
      }
      const summary = (list) => ({
        rps: median(list.map((result) => result.rps)),
        p50: median(list.map((result) => result.p50)),
        p99: median(list.map((result) => result.p99)),
        cpu: median(list.map((result) => result.cpu)),
        waitedForCore: median(list.map((result) => result.waitedForCore)),
        errors: list.reduce((total, result) => total + result.errors, 0),
      });
      results.push({
        name: endpoint.name,
        connections: endpoint.connections ?? CONNECTIONS,
        shop: summary(rounds.shop),
        bare: summary(rounds.bare),
        crossCheck: rounds.crossCheck,
      });
      const last = results.at(-1);
      console.log(
        `  ${endpoint.name}: ${last.shop.rps.toFixed(0)} requests/s (bare ${last.bare.rps.toFixed(0)}), p99 ${last.shop.p99} ms`,
      );
    }
    console.log(
      `\n${label} (${CONNECTIONS} connections, wrk -t${wrkThreads}, ${ROUNDS} × ${DURATION} s each, medians)`,
    );
    // The bare server's p99 shows what the machine itself adds to the tail (other work on it).
    console.log(
      "endpoint         shop rps   bare rps   ratio   p50 ms   p99 ms   errors   bare p99 ms   CPU µs/request shop / bare   shop waited for a core",
    );
    for (const { name, shop: s, bare: b } of results) {
      console.log(
        `${name.padEnd(15)} ${s.rps.toFixed(0).padStart(9)} ${b.rps.toFixed(0).padStart(10)} ${(s.rps / b.rps).toFixed(2).padStart(7)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${String(s.errors).padStart(8)} ${b.p99.toFixed(1).padStart(13)}   ${s.cpu.toFixed(0).padStart(14)} / ${b.cpu.toFixed(0).padEnd(4)}   ${(s.waitedForCore * 100).toFixed(0).padStart(20)} %`,
      );
    }
    const crossChecked = results.filter((result) => result.crossCheck);
    if (crossChecked.length > 0) {
      console.log("\nthe same rows with autocannon (last round, same connections and duration)");
      console.log("endpoint         shop rps   p50 ms   p99 ms");
      for (const { name, crossCheck: c } of crossChecked) {
        console.log(
          `${name.padEnd(15)} ${c.rps.toFixed(0).padStart(9)} ${c.p50.toFixed(1).padStart(8)} ${c.p99.toFixed(1).padStart(8)}`,
        );
      }
    }
    return [
      ...notes,
      ...results.map(
        ({ name, connections, shop: s, bare: b, crossCheck: c }) =>
          `bench ${name} ${label} connections=${connections} ratio=${(s.rps / b.rps).toFixed(3)} rps=${s.rps.toFixed(0)} bare_rps=${b.rps.toFixed(0)} p50_ms=${s.p50.toFixed(1)} p99_ms=${s.p99.toFixed(1)} errors=${s.errors} bare_p99_ms=${b.p99.toFixed(1)} cpu_us=${s.cpu.toFixed(0)} bare_cpu_us=${b.cpu.toFixed(0)} waited_for_core=${s.waitedForCore.toFixed(2)} wrk_threads=${wrkThreads}${c ? ` autocannon_rps=${c.rps.toFixed(0)} autocannon_p99_ms=${c.p99.toFixed(1)}` : ""}`,
      ),
    ];
  } finally {
    await bare.close();
    await shop.stop();
    // What the shop printed (with SHOP_NODE_FLAGS=--trace-gc, its collections), for a slow row.
    if (process.env.BENCH_SHOP_LOG) writeFileSync(`${process.env.BENCH_SHOP_LOG}.${label}`, shop.output());
  }
}

/** One request as wrk will send it, by fetch: the answer the bare server then replays. */
async function sampleAnswer(baseUrl, endpoint) {
  if (endpoint.checkout) {
    const [token, lineId] = endpoint.items.pop();
    return fetch(`${baseUrl}/api/orders`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "idempotency-key": crypto.randomUUID(),
        "content-type": "application/json",
      },
      body: JSON.stringify({ lineIds: [lineId], delivery: DELIVERY, card: CARD }),
    });
  }
  if (endpoint.name === "cart-add")
    return cartAdd(baseUrl, endpoint.headers.authorization.slice(7), endpoint.items[0]);
  return fetch(baseUrl + (endpoint.path ?? endpoint.items[0]), { headers: endpoint.headers });
}

ensureWrk();
if (!options["no-build"] && !options.shop)
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

const lines = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-"));
try {
  if (DATABASES.has("pglite") && !REUSED_DATABASE) {
    lines.push(...(await benchDatabase("pglite", { DATA_DIR: dataDir }, { checkGeneratorFirst: true })));
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (REUSED_DATABASE) {
  const pgDataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-pg-"));
  try {
    lines.push(
      ...(await benchDatabase(
        "postgres",
        {
          DATABASE_URL: REUSED_DATABASE,
          BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-that-is-long-enough-0123456789",
          DATA_DIR: pgDataDir,
          reused: "yes",
        },
        { checkGeneratorFirst: true },
      )),
    );
  } finally {
    rmSync(pgDataDir, { recursive: true, force: true });
  }
} else if (process.env.DATABASE_URL && DATABASES.has("postgres")) {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, "shop_bench");
  const pgDataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-pg-"));
  try {
    lines.push(
      ...(await benchDatabase(
        "postgres",
        {
          DATABASE_URL: scratch.url,
          BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-secret-that-is-long-enough-0123456789",
          DATA_DIR: pgDataDir,
        },
        { checkGeneratorFirst: !DATABASES.has("pglite") },
      )),
    );
  } finally {
    await scratch.drop();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}

console.log("");
for (const line of lines) console.log(line);
