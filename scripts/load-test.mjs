// npm run test:load [-- --shoppers 200 --duration 60 --databases pglite,postgres]
//
// Many shoppers at once, each a sequence of what a person does: browse, search, open products,
// add a size or colour to the cart, read the cart, remove a line, check out (and, like a nervous
// customer, send the same checkout twice). Half the additions go to a few scarce products so that
// orders race for the last units. Each shopper keeps a model of what its cart must hold; every cart read is
// compared with it, and at the end the carts, the orders and the stock are checked against what
// the shoppers were told. Fails (exit 1) on any 5xx, network error, mismatch or negative stock.
// Guests (GUEST_CHECKOUT, one for every four shoppers unless --guests says) browse, fill a bag
// kept behind its cookie and check out with an address beside them; their orders count in the stock.
//
// Needs the built server (npm run build). Runs on the embedded database and, when
// DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there too, at
// the same time.
import "./lib/project-node.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createScratchDatabase, signUp, startShop, TEST_CARD, testDelivery } from "./lib/shop-process.mjs";

const { values: options } = parseArgs({
  options: {
    shoppers: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    databases: { type: "string", default: "pglite,postgres" },
    guests: { type: "string" },
  },
});
const SHOPPERS = Number(options.shoppers);
const GUESTS = options.guests === undefined ? Math.ceil(SHOPPERS / 4) : Number(options.guests);
const DURATION_MS = Number(options.duration) * 1000;
const DATABASES = new Set(options.databases.split(","));
const SCARCE_PRODUCTS = 10;
const SCARCE_STOCK = 40;
const SEARCH_WORDS = ["watch", "linen", "boot", "shirt", "dress", "speaker", "leather", "denim"];
const CATEGORY_CALLS = [
  "/api/womans/?catagory=womans",
  "/api/mans/?catagory=mans",
  "/api/shoes/?catagory=shoes",
];
const ADMIN_EMAIL = "load-admin@shop.test";
const CARD = TEST_CARD;
const DELIVERY = testDelivery("Load");

const random = (n) => Math.floor(Math.random() * n);
const pick = (items) => items[random(items.length)];
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

class Stats {
  latencies = [];
  latenciesByKind = new Map();
  byKind = new Map();
  serverErrors = [];
  networkErrors = [];

  record(kind, status, ms) {
    this.latencies.push(ms);
    if (!this.latenciesByKind.has(kind)) this.latenciesByKind.set(kind, []);
    this.latenciesByKind.get(kind).push(ms);
    const counts = this.byKind.get(kind) ?? new Map();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    this.byKind.set(kind, counts);
  }
}

/** A fetch that records its kind, status and time, and never throws. */
async function call(stats, baseUrl, kind, url, init = {}) {
  const started = performance.now();
  try {
    const response = await fetch(baseUrl + url, init);
    const body = await response.text();
    stats.record(kind, response.status, performance.now() - started);
    if (response.status >= 500)
      stats.serverErrors.push(`${kind} ${url} → ${response.status} ${body.slice(0, 200)}`);
    return { status: response.status, headers: response.headers, json: () => JSON.parse(body) };
  } catch (error) {
    stats.record(kind, "network", performance.now() - started);
    stats.networkErrors.push(`${kind} ${url} → ${error.cause?.code ?? error.message}`);
    return { status: 0, headers: new Headers(), json: () => null };
  }
}

const jsonInit = (method, token, body, extra = {}) => ({
  method,
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...extra },
  body: JSON.stringify(body),
});

async function allPages(stats, baseUrl, kind, url, token) {
  const items = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call(
      stats,
      baseUrl,
      kind,
      `${url}${url.includes("?") ? "&" : "?"}limit=100&offset=${offset}`,
      {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      },
    );
    if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
    const batch = page.json();
    items.push(...batch);
    if (batch.length < 100) return items;
  }
}

/** One shopper's session: its own account, the cart it believes in, the orders it was given. */
class Shopper {
  /** productId → { lineId, quantity } */
  cart = new Map();
  orders = new Map();
  mismatches = [];

  constructor(account, context) {
    this.account = account;
    this.context = context;
  }

  get(kind, url) {
    return call(this.context.stats, this.context.baseUrl, kind, url, {
      headers: { authorization: `Bearer ${this.account.token}` },
    });
  }

  async step() {
    const { products, scarce } = this.context;
    const roll = Math.random();
    if (roll < 0.15) await this.get("list", `/api/products?limit=8&offset=${8 * random(5)}`);
    else if (roll < 0.25) await this.get("category", pick(CATEGORY_CALLS));
    else if (roll < 0.35) await this.get("search", `/api/products?q=${pick(SEARCH_WORDS)}&limit=8`);
    else if (roll < 0.5) await this.get("detail", `/api/productdetail/${pick(products).productId}`);
    else if (roll < 0.75) await this.add(Math.random() < 0.5 ? pick(scarce) : pick(products));
    else if (roll < 0.87) await this.readCart();
    else if (roll < 0.95) await this.checkout();
    else await this.removeLine();
  }

  /** Adds 1–3 of one variant (a size, a colour, or a product's only variant); a line per variant. */
  async add({ productId, variantId }) {
    const quantity = 1 + random(3);
    const response = await call(
      this.context.stats,
      this.context.baseUrl,
      "cart-add",
      `/api/cart/${productId}`,
      jsonInit("PUT", this.account.token, { quantity, variantId }),
    );
    if (response.status !== 200) return;
    const line = response.json();
    const before = this.cart.get(variantId)?.quantity ?? 0;
    if (line.quantity !== before + quantity) {
      this.mismatches.push(`add ${variantId}: had ${before}, added ${quantity}, line says ${line.quantity}`);
    }
    this.cart.set(variantId, { lineId: line._id, quantity: line.quantity });
  }

  async readCart() {
    const response = await this.get("cart-read", `/api/carts/${this.account.email}?limit=100`);
    if (response.status === 200) this.compareCart(response.json(), "cart read");
  }

  compareCart(lines, when) {
    const actual = new Map(lines.map((line) => [line.variantId, line.quantity]));
    const expected = new Map([...this.cart].map(([variantId, { quantity }]) => [variantId, quantity]));
    const same = actual.size === expected.size && [...expected].every(([id, q]) => actual.get(id) === q);
    if (!same) {
      this.mismatches.push(
        `${when}: expected ${JSON.stringify([...expected])}, got ${JSON.stringify([...actual])}`,
      );
      // Believe the server from here on, so one mismatch is reported once.
      this.cart = new Map(
        lines.map((line) => [line.variantId, { lineId: line._id, quantity: line.quantity }]),
      );
    }
  }

  async removeLine() {
    const [variantId, line] = pick([...this.cart]) ?? [];
    if (!line) return this.readCart();
    const response = await call(
      this.context.stats,
      this.context.baseUrl,
      "cart-remove",
      `/api/cart/${line.lineId}`,
      {
        method: "DELETE",
        headers: { authorization: `Bearer ${this.account.token}` },
      },
    );
    if (response.status === 200) this.cart.delete(variantId);
  }

  async checkout() {
    if (this.cart.size === 0) return this.readCart();
    const buying = [...this.cart];
    const body = { lineIds: buying.map(([, line]) => line.lineId), delivery: DELIVERY, card: CARD };
    const init = jsonInit("POST", this.account.token, body, { "idempotency-key": crypto.randomUUID() });
    const first = await call(this.context.stats, this.context.baseUrl, "checkout", "/api/orders", init);
    if (first.status !== 201 && first.status !== 200) return; // Out of stock: the cart stays as it was.
    const order = first.json();
    this.orders.set(order._id, order);
    for (const [variantId] of buying) this.cart.delete(variantId);
    // The same request again (a double click, a retried network call) must give the same order.
    const again = await call(
      this.context.stats,
      this.context.baseUrl,
      "checkout-repeat",
      "/api/orders",
      init,
    );
    if (again.status >= 300 || again.json()?._id !== order._id) {
      this.mismatches.push(
        `repeated checkout gave ${again.status} ${again.json()?._id} instead of ${order._id}`,
      );
    }
  }

  async verify() {
    const { stats, baseUrl } = this.context;
    this.compareCart(
      await allPages(stats, baseUrl, "verify", `/api/carts/${this.account.email}`, this.account.token),
      "final cart",
    );
    const orders = await allPages(stats, baseUrl, "verify", "/api/orders", this.account.token);
    const ids = orders.map((order) => order._id);
    if (new Set(ids).size !== ids.length) this.mismatches.push(`duplicated orders: ${ids.join(", ")}`);
    const expected = [...this.orders.keys()].sort();
    if (JSON.stringify([...ids].sort()) !== JSON.stringify(expected)) {
      this.mismatches.push(`orders: expected ${expected.length}, server has ${ids.length}`);
    }
  }
}

/** A signed-out visitor with a guest bag (its cookie), the bag it believes in, the orders it was given. */
class GuestShopper {
  cookie = "";
  /** variantId → { lineId, quantity } */
  cart = new Map();
  orders = new Map();
  mismatches = [];

  constructor(index, context) {
    this.email = `load-guest-${index}@shop.test`;
    this.context = context;
  }

  async request(kind, url, init = {}) {
    const headers = { ...(init.headers ?? {}), ...(this.cookie ? { cookie: this.cookie } : {}) };
    const response = await call(this.context.stats, this.context.baseUrl, kind, url, { ...init, headers });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0];
    return response;
  }

  json(method, body, extra = {}) {
    return { method, headers: { "content-type": "application/json", ...extra }, body: JSON.stringify(body) };
  }

  async step() {
    const { products, scarce } = this.context;
    const roll = Math.random();
    if (roll < 0.2) await this.request("guest-list", `/api/products?limit=8&offset=${8 * random(5)}`);
    else if (roll < 0.35)
      await this.request("guest-detail", `/api/productdetail/${pick(products).productId}`);
    else if (roll < 0.65) await this.add(Math.random() < 0.5 ? pick(scarce) : pick(products));
    else if (roll < 0.85) await this.readBag();
    else await this.checkout();
  }

  async add({ productId, variantId }) {
    const quantity = 1 + random(3);
    const response = await this.request(
      "guest-add",
      `/api/guest-bag/${productId}`,
      this.json("PUT", { quantity, variantId }),
    );
    if (response.status !== 200) return;
    const line = response.json();
    const before = this.cart.get(variantId)?.quantity ?? 0;
    if (line.quantity !== before + quantity) {
      this.mismatches.push(
        `guest add ${variantId}: had ${before}, added ${quantity}, line says ${line.quantity}`,
      );
    }
    this.cart.set(variantId, { lineId: line._id, quantity: line.quantity });
  }

  async readBag(when = "guest bag read") {
    const response = await this.request("guest-bag", "/api/guest-bag");
    if (response.status !== 200) return;
    const lines = response.json().lines;
    const actual = new Map(lines.map((line) => [line.variantId, line.quantity]));
    const same =
      actual.size === this.cart.size &&
      [...this.cart].every(([id, line]) => actual.get(id) === line.quantity);
    if (!same) {
      this.mismatches.push(`${when}: expected ${this.cart.size} lines, got ${JSON.stringify([...actual])}`);
      this.cart = new Map(
        lines.map((line) => [line.variantId, { lineId: line._id, quantity: line.quantity }]),
      );
    }
  }

  async checkout() {
    if (this.cart.size === 0) return this.readBag();
    const buying = [...this.cart];
    const body = {
      email: this.email,
      lineIds: buying.map(([, line]) => line.lineId),
      delivery: DELIVERY,
      card: CARD,
    };
    const init = this.json("POST", body, { "idempotency-key": crypto.randomUUID() });
    const first = await this.request("guest-checkout", "/api/guest-orders", init);
    if (first.status !== 201 && first.status !== 200) return;
    const order = first.json();
    this.orders.set(order._id, order);
    for (const [variantId] of buying) this.cart.delete(variantId);
    const again = await this.request("guest-checkout-repeat", "/api/guest-orders", init);
    if (again.status >= 300 || again.json()?._id !== order._id) {
      this.mismatches.push(`repeated guest checkout gave ${again.status} instead of ${order._id}`);
    }
  }

  async verify() {
    await this.readBag("final guest bag");
  }
}

/** Every variant in stock of these products, from their product pages: what shoppers can add. */
async function variantsInStockOf(baseUrl, productIds) {
  const targets = [];
  for (const productId of productIds) {
    const response = await fetch(`${baseUrl}/api/productdetail/${productId}`);
    if (response.status !== 200)
      throw new Error(`productdetail: ${response.status} ${await response.text()}`);
    const detail = await response.json();
    for (const variant of detail.variants) {
      if (variant.stock > 0) targets.push({ productId, variantId: variant._id });
    }
  }
  return targets;
}

async function createScarceProducts(baseUrl, admin) {
  const ids = [];
  for (let index = 0; index < SCARCE_PRODUCTS; index++) {
    const response = await fetch(`${baseUrl}/api/addproduct`, {
      ...jsonInit("POST", admin.token, {
        productname: `Last Few Sneaker ${index + 1}`,
        price: 49.5,
        catagory: "shoes",
        description: "Only a few left: the load test's contested product.",
        image: "/demo/products/retro-court-sneaker.svg",
        stock: SCARCE_STOCK,
      }),
      headers: {
        authorization: `Bearer ${admin.token}`,
        "content-type": "application/json",
        origin: baseUrl,
      },
    });
    if (response.status !== 201) throw new Error(`addproduct: ${response.status} ${await response.text()}`);
    ids.push((await response.json())._id);
  }
  return ids;
}

/**
 * One database's run. Its report is kept in `report` and printed when both runs are over: the
 * two run side by side, and their lines would otherwise interleave.
 */
async function loadDatabase(label, env, report) {
  const log = (line) => report.push(line);
  const shop = await startShop({
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...(GUESTS > 0 ? { PUBLIC_CATALOGUE: "true", GUEST_CHECKOUT: "true" } : {}),
    ...env,
  });
  const stats = new Stats();
  try {
    const admin = await signUp(shop, "Load Admin", ADMIN_EMAIL);
    const scarceIds = await createScarceProducts(shop.baseUrl, admin);
    const catalogue = await allPages(stats, shop.baseUrl, "setup", "/api/products", admin.token);
    const initialStock = new Map(catalogue.map((product) => [product._id, product.stock]));
    const variantsInStock = await variantsInStockOf(
      shop.baseUrl,
      catalogue.map((product) => product._id),
    );
    const context = {
      baseUrl: shop.baseUrl,
      stats,
      products: variantsInStock,
      scarce: variantsInStock.filter((target) => scarceIds.includes(target.productId)),
    };

    const signUpStarted = performance.now();
    const accounts = [];
    for (let start = 0; start < SHOPPERS; start += 20) {
      const batch = Array.from({ length: Math.min(20, SHOPPERS - start) }, (_, i) =>
        signUp(shop, `Shopper ${start + i}`),
      );
      accounts.push(...(await Promise.all(batch)));
    }
    log(
      `${label}: ${SHOPPERS} shoppers signed up in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s`,
    );
    const shoppers = [
      ...accounts.map((account) => new Shopper(account, context)),
      ...Array.from({ length: GUESTS }, (_, index) => new GuestShopper(index, context)),
    ];
    stats.latencies = [];
    stats.latenciesByKind.clear();
    stats.byKind.clear();

    const started = performance.now();
    const deadline = started + DURATION_MS;
    await Promise.all(
      shoppers.map(async (shopper) => {
        while (performance.now() < deadline) await shopper.step();
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const made = stats.latencies.length;
    const sorted = [...stats.latencies].sort((a, b) => a - b);

    for (const shopper of shoppers) await shopper.verify();
    const after = await allPages(stats, shop.baseUrl, "verify", "/api/products", admin.token);
    const sold = new Map();
    for (const shopper of shoppers) {
      for (const order of shopper.orders.values()) {
        for (const line of order.lines)
          sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.quantity);
      }
    }
    const stockProblems = after.flatMap((product) => {
      const expected = initialStock.get(product._id) - (sold.get(product._id) ?? 0);
      if (product.stock < 0) return [`${product.productname}: stock ${product.stock}`];
      return product.stock === expected
        ? []
        : [`${product.productname}: stock ${product.stock}, expected ${expected}`];
    });
    const scarceSold = scarceIds.reduce((total, id) => total + (sold.get(id) ?? 0), 0);
    const mismatches = shoppers.flatMap((shopper) => shopper.mismatches);
    const orders = shoppers.reduce((total, shopper) => total + shopper.orders.size, 0);

    log(`\n${label}: ${SHOPPERS} shoppers and ${GUESTS} guests for ${elapsed.toFixed(1)} s`);
    log(
      `requests ${made} (${(made / elapsed).toFixed(0)}/s), p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    );
    for (const [kind, counts] of [...stats.byKind].sort()) {
      const parts = [...counts].sort().map(([status, n]) => `${status}×${n}`);
      const times = (stats.latenciesByKind.get(kind) ?? []).sort((a, b) => a - b);
      const timing = `p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`;
      log(`  ${kind.padEnd(16)} ${timing.padEnd(26)} ${parts.join("  ")}`);
    }
    log(
      `orders ${orders}; scarce products sold ${scarceSold} of ${SCARCE_PRODUCTS * SCARCE_STOCK}; ` +
        `5xx ${stats.serverErrors.length}; network errors ${stats.networkErrors.length}; ` +
        `cart/order mismatches ${mismatches.length}; stock problems ${stockProblems.length}`,
    );
    const problems = [...stats.serverErrors, ...stats.networkErrors, ...mismatches, ...stockProblems];
    for (const problem of problems.slice(0, 20)) log(`  ✗ ${problem}`);
    const line = `load ${label} shoppers=${SHOPPERS} guests=${GUESTS} requests=${made} orders=${orders} 5xx=${stats.serverErrors.length} network_errors=${stats.networkErrors.length} mismatches=${mismatches.length} stock_problems=${stockProblems.length}`;
    return { ok: problems.length === 0 && orders > 0, line };
  } finally {
    await shop.stop();
  }
}

/**
 * Both databases at once, so CI waits one minute instead of two (177 s -> 109 s on a 2-core
 * machine). Each shop still has its 200 shoppers racing for the same scarce stock; the two share
 * the cores, so requests/s are lower than either run alone (PostgreSQL's most).
 */
async function loadEmbedded(report) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-load-"));
  try {
    return await loadDatabase("pglite", { DATA_DIR: dataDir }, report);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function loadPostgres(server, report) {
  const scratch = await createScratchDatabase(server, "shop_load");
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-load-pg-"));
  try {
    return await loadDatabase(
      "postgres",
      {
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: "load-test-secret-that-is-long-enough-0123456789",
      },
      report,
    );
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresServer = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const runs = [];
const startRun = (label, load) => {
  const report = [];
  runs.push({ label, report, result: load(report) });
};
if (DATABASES.has("pglite")) startRun("pglite", loadEmbedded);
if (postgresServer && DATABASES.has("postgres")) {
  startRun("postgres", (report) => loadPostgres(postgresServer, report));
}
const settled = await Promise.allSettled(runs.map((run) => run.result));
const results = [];
for (const [index, outcome] of settled.entries()) {
  for (const line of runs[index].report) console.log(line);
  if (outcome.status === "fulfilled") results.push(outcome.value);
  else {
    console.log(outcome.reason);
    results.push({
      ok: false,
      line: `load ${runs[index].label} failed: ${outcome.reason?.message ?? outcome.reason}`,
    });
  }
}
console.log("");
for (const { line } of results) console.log(line);
process.exit(results.length > 0 && results.every(({ ok }) => ok) ? 0 : 1);
