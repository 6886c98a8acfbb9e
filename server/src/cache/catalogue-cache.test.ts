import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import type { App } from "../app";
import { CatalogueCache } from "./catalogue-cache";
import { announceCatalogueChange, createPostgresFeed } from "./change-feed";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { buildSecondInstance, createTestApp, type TestContext } from "../../test/support/test-app";

let context: TestContext;
let admin: TestAccount;
let productId: string;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["cache-admin@shop.test"] } });
  admin = await registerAccount(context.app, "cache-admin@shop.test");
  productId = await insertProduct(context.database.db, { name: "Cached Watch", priceCents: 10000, stock: 5 });
});
afterAll(() => context.close());

const editPrice = (app: App, id: string, price: string) =>
  app.inject({
    method: "PUT",
    url: `/api/product/${id}`,
    headers: admin.headers,
    payload: {
      productname: "Cached Watch",
      price,
      catagory: "gadgets",
      description: "Cached.",
      image: "/demo/products/x.svg",
    },
  });

/** Puts `quantity` of a product in the shopper's cart and checks that line out on `app`. */
async function buyNow(app: App, shopper: TestAccount, id: string, quantity: number) {
  const line = await app.inject({
    method: "PUT",
    url: `/api/cart/${id}`,
    headers: shopper.headers,
    payload: { quantity },
  });
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      lineIds: [line.json()._id],
      delivery: { name: "Ann", address: "1 Road", city: "Dhaka", phone: "12345678" },
      card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
  });
}

/** A URL's answer is kept from its second miss on: after this, it is answered from memory. */
const askTwice = async (app: App, url: string) => [await app.inject(url), await app.inject(url)] as const;

describe("the catalogue cache", () => {
  it("keeps an answer from its URL's second miss on, and answers later reads from memory with the same body, ETag and total", async () => {
    const first = await context.app.inject("/api/products?limit=5");
    const again = await context.app.inject("/api/products?limit=5");
    const second = await context.app.inject("/api/products?limit=5");
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(again.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(again.body).toBe(first.body);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["x-total-count"]).toBe(first.headers["x-total-count"]);
    expect(second.headers["content-type"]).toContain("application/json");
  });

  it("keeps nothing of URLs asked for once (one-off searches and filters, crawlers)", async () => {
    const sizeBefore = context.app.catalogueCache.size;
    for (let index = 0; index < 50; index++) {
      const answer = await context.app.inject(`/api/products?q=watch&offset=${index}&once=${randomUUID()}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.etag).toBeTruthy();
    }
    expect(context.app.catalogueCache.size).toBe(sizeBefore);
  });

  it("answers 304 to If-None-Match with the current ETag, from a miss and from a hit", async () => {
    const url = `/api/products?limit=3&x=${randomUUID()}`;
    const first = await context.app.inject(url);
    const revalidate = () =>
      context.app.inject({ url, headers: { "if-none-match": String(first.headers.etag) } });
    const fromMiss = await revalidate();
    const fromHit = await revalidate();
    for (const answer of [fromMiss, fromHit]) {
      expect(answer.statusCode).toBe(304);
      expect(answer.body).toBe("");
    }
    expect(fromMiss.headers["x-cache"]).toBeUndefined();
    expect(fromHit.headers["x-cache"]).toBe("hit");
  });

  it("never serves the old price after an admin edit", async () => {
    const url = `/api/productdetail/${productId}`;
    await askTwice(context.app, url);
    expect((await context.app.inject(url)).headers["x-cache"]).toBe("hit");
    expect((await editPrice(context.app, productId, "77.00")).statusCode).toBe(200);
    const after = await context.app.inject(url);
    expect(after.headers["x-cache"]).toBeUndefined();
    expect(after.json().price).toBe(77);
  });

  it("shows the stock an order took", async () => {
    const shopper = await registerAccount(context.app);
    const url = `/api/productdetail/${productId}`;
    const before = (await context.app.inject(url)).json().stock as number;
    const order = await buyNow(context.app, shopper, productId, 2);
    expect(order.statusCode).toBe(201);
    expect((await context.app.inject(url)).json().stock).toBe(before - 2);
  });

  it("keeps answers that do not show the products an order took, and drops those that do", async () => {
    const bought = await insertProduct(context.database.db, {
      name: "Bought Lamp",
      category: "gadgets",
      stock: 9,
    });
    const untouched = await insertProduct(context.database.db, {
      name: "Idle Boot",
      category: "shoes",
      stock: 9,
    });
    const urls = {
      boughtDetail: `/api/productdetail/${bought}`,
      untouchedDetail: `/api/productdetail/${untouched}`,
      gadgets: "/api/gadget/?catagory=gadgets",
      shoes: "/api/shoes/?catagory=shoes",
      bestSellers: "/api/products/best-sellers",
    };
    for (const url of Object.values(urls)) await askTwice(context.app, url);
    const cached = async (url: string) => (await context.app.inject(url)).headers["x-cache"] === "hit";
    for (const url of Object.values(urls)) expect(await cached(url), url).toBe(true);

    const shopper = await registerAccount(context.app);
    const order = await buyNow(context.app, shopper, bought, 1);
    expect(order.statusCode).toBe(201);

    expect(await cached(urls.boughtDetail)).toBe(false);
    expect(await cached(urls.gadgets)).toBe(false);
    expect(await cached(urls.bestSellers)).toBe(false);
    expect(await cached(urls.untouchedDetail)).toBe(true);
    expect(await cached(urls.shoes)).toBe(true);
    expect((await context.app.inject(urls.boughtDetail)).json().stock).toBe(8);
  });
});

/** Headers that belong to one response, not to the answer. */
const ONE_RESPONSE_ONLY = new Set([
  "date",
  "x-cache",
  "x-request-id",
  "connection",
  "keep-alive",
  "content-encoding",
  "content-length",
]);
const answerHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !ONE_RESPONSE_ONLY.has(name)));
const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "cross-origin-resource-policy",
];

describe("a cached answer's headers", () => {
  it("are the fresh answer's, security headers included (app.inject)", async () => {
    const url = `/api/products?limit=2&x=${randomUUID()}`;
    const [miss] = await askTwice(context.app, url);
    const hit = await context.app.inject(url);
    expect(hit.headers["x-cache"]).toBe("hit");
    for (const name of SECURITY_HEADERS) expect(hit.headers[name], name).toBeTruthy();
    expect(answerHeaders(hit.headers)).toEqual(answerHeaders(miss.headers));
    expect(hit.body).toBe(miss.body);
  });

  it("are the fresh answer's over HTTP, HSTS included on https, plain and compressed", async () => {
    // Enough products for a body worth compressing.
    for (let index = 0; index < 8; index++) {
      await insertProduct(context.database.db, { description: "A long description. ".repeat(10) });
    }
    await context.app.catalogueChanged();
    const app = await buildSecondInstance(context, { config: { baseUrl: "https://shop.example" } });
    try {
      const origin = await app.listen({ port: 0, host: "127.0.0.1" });
      const url = `${origin}/api/products?limit=40&x=${randomUUID()}`;
      const get = async (encoding: string) => {
        const response = await fetch(url, { headers: { "accept-encoding": encoding } });
        return { headers: Object.fromEntries(response.headers), body: await response.text() };
      };
      const miss = await get("identity");
      await get("identity");
      for (const encoding of ["identity", "gzip", "br"]) {
        const hit = await get(encoding);
        expect(hit.headers["x-cache"], encoding).toBe("hit");
        expect(hit.headers["strict-transport-security"]).toBeTruthy();
        for (const name of SECURITY_HEADERS) expect(hit.headers[name], name).toBeTruthy();
        expect(answerHeaders(hit.headers)).toEqual(answerHeaders(miss.headers));
        expect(hit.body).toBe(miss.body);
      }
      const notModified = await fetch(url, { headers: { "if-none-match": String(miss.headers.etag) } });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("content-security-policy")).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});

describe("CatalogueCache with requests in flight", () => {
  /** A cached route whose answer waits until the test lets it go. */
  async function slowCatalogue() {
    // Every miss may be kept: these tests are about changes, not about admission.
    const cache = new CatalogueCache(Date.now, () => true);
    const app = Fastify();
    cache.register(app);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get("/item/:id", { config: { catalogueCache: true } }, async (request) => {
      const { id } = request.params as { id: string };
      await gate;
      request.catalogueProductIds = [id];
      return JSON.stringify({ id });
    });
    await app.ready();
    return { app, cache, release };
  }

  it.each([
    ["its own product's stock changed", { stockOf: ["a"] }, false],
    ["everything changed", "everything" as const, false],
    ["another product's stock changed", { stockOf: ["b"] }, true],
  ])("stores an answer computed while %s: %s", async (_, change, stored) => {
    const { app, cache, release } = await slowCatalogue();
    const pending = app.inject("/item/a");
    await new Promise((resolve) => setTimeout(resolve, 20));
    cache.invalidate(change);
    release();
    expect((await pending).statusCode).toBe(200);
    expect(cache.size).toBe(stored ? 1 : 0);
    await app.close();
  });

  it("does not store an answer that started before more changes than it remembers", async () => {
    const { app, cache, release } = await slowCatalogue();
    const pending = app.inject("/item/a");
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let change = 0; change < 300; change++) cache.invalidate({ stockOf: ["b"] });
    release();
    await pending;
    expect(cache.size).toBe(0);
    await app.close();
  });
});

describe("two instances on one PostgreSQL", () => {
  it("listens before it serves, so its first drop of the caches comes before its first answer", async (test) => {
    if (context.database.kind !== "postgres" || !context.database.url) return test.skip();
    const changes: string[] = [];
    const feed = createPostgresFeed(
      context.database.url,
      (change) => changes.push(change),
      () => {},
    );
    try {
      await feed.firstAttempt;
      expect(changes).toEqual([""]);
      // And it hears what another instance says from then on.
      await announceCatalogueChange(context.database);
      await expect.poll(() => changes.length, { timeout: 2_000 }).toBe(2);
    } finally {
      await feed.close();
    }
  });

  it("drops the other instance's cached answer after an edit on one", async (test) => {
    // Several instances share a PostgreSQL server; the embedded database has one process.
    if (context.database.kind !== "postgres") test.skip();
    const other = await buildSecondInstance(context);
    try {
      const id = await insertProduct(context.database.db, { name: "Shared Watch", priceCents: 5000 });
      const url = `/api/productdetail/${id}`;
      await askTwice(other, url);
      expect((await other.inject(url)).headers["x-cache"]).toBe("hit");
      expect((await editPrice(context.app, id, "61.00")).statusCode).toBe(200);
      // The NOTIFY crosses the server; allow it a moment.
      await expect.poll(async () => (await other.inject(url)).json().price, { timeout: 2_000 }).toBe(61);
      // Stock an order takes on one instance shows on the other (a targeted NOTIFY).
      const shopper = await registerAccount(context.app);
      const stockBefore = (await other.inject(url)).json().stock as number;
      const order = await buyNow(context.app, shopper, id, 3);
      expect(order.statusCode).toBe(201);
      await expect
        .poll(async () => (await other.inject(url)).json().stock, { timeout: 2_000 })
        .toBe(stockBefore - 3);
      // A session made on one instance works on the other.
      expect(
        (await other.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers })).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("refreshes the other instance's catalogue index, also for a change announced from outside a shop", async (test) => {
    if (context.database.kind !== "postgres") test.skip();
    const other = await buildSecondInstance(context);
    try {
      await other.catalogueIndex.warm();
      const search = async () =>
        (await other.inject(`/api/products?q=harbour%20lamp&nocache=${randomUUID()}`)).headers[
          "x-total-count"
        ];
      expect(await search()).toBe("0");
      // What `npm run seed:large` does: write straight to the database, then announce it.
      await insertProduct(context.database.db, { name: "Harbour Lamp" });
      expect(await search()).toBe("0");
      await announceCatalogueChange(context.database);
      await expect.poll(search, { timeout: 2_000 }).toBe("1");
      await other.catalogueIndex.warm();
      expect(other.catalogueIndex.isReady).toBe(true);
      expect(await search()).toBe("1");
    } finally {
      await other.close();
    }
  });
});
