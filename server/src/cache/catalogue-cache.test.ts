import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, testConfig, type TestContext } from "../../test/support/test-app";

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

describe("the catalogue cache", () => {
  it("answers a repeated read from memory with the same body, ETag and total", async () => {
    const first = await context.app.inject("/api/products?limit=5");
    const second = await context.app.inject("/api/products?limit=5");
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers["x-total-count"]).toBe(first.headers["x-total-count"]);
    expect(second.headers["content-type"]).toContain("application/json");
  });

  it("answers 304 to If-None-Match with the current ETag", async () => {
    const first = await context.app.inject(`/api/productdetail/${productId}`);
    const revalidated = await context.app.inject({
      url: `/api/productdetail/${productId}`,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("never serves the old price after an admin edit", async () => {
    const url = `/api/productdetail/${productId}`;
    await context.app.inject(url);
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
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: shopper.headers,
      payload: { quantity: 2 },
    });
    const order = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        lineIds: [line.json()._id],
        delivery: { name: "Ann", address: "1 Road", city: "Dhaka", phone: "12345678" },
        card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
      },
    });
    expect(order.statusCode).toBe(201);
    expect((await context.app.inject(url)).json().stock).toBe(before - 2);
  });
});

describe("two instances on one PostgreSQL", () => {
  it("drops the other instance's cached answer after an edit on one", async (test) => {
    // Several instances share a PostgreSQL server; the embedded database has one process.
    if (context.database.kind !== "postgres") test.skip();
    const other = await buildApp({
      config: testConfig({ dataDir: context.app.config.dataDir }),
      database: context.database,
      authSecret: context.app.authSecret,
    });
    await other.ready();
    try {
      const id = await insertProduct(context.database.db, { name: "Shared Watch", priceCents: 5000 });
      const url = `/api/productdetail/${id}`;
      await other.inject(url);
      expect((await other.inject(url)).headers["x-cache"]).toBe("hit");
      expect((await editPrice(context.app, id, "61.00")).statusCode).toBe(200);
      // The NOTIFY crosses the server; allow it a moment.
      await expect.poll(async () => (await other.inject(url)).json().price, { timeout: 2_000 }).toBe(61);
      // A session made on one instance works on the other.
      const shopper = await registerAccount(context.app);
      expect(
        (await other.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers })).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });
});
