import { randomUUID } from "node:crypto";
import type { AdminProduct } from "@shop/contract/admin";
import type { CartLine } from "@shop/contract/cart";
import type { Product, ProductFacets } from "@shop/contract/catalogue";
import type { GuestBag } from "@shop/contract/guest";
import type { Order } from "@shop/contract/orders";
import type { ProductDetail } from "@shop/contract/variants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, registerAccount, type TestAccount } from "../../test/support/accounts";
import { validProductForm } from "../../test/support/catalogue";
import { GuestBrowser } from "../../test/support/guest";
import { TEST_DELIVERY } from "../../test/support/orders";
import { buildSecondInstance, createTestApp, type TestContext } from "../../test/support/test-app";
import type { App } from "../app";
import type { SaleTimer } from "../cache/sale-boundaries";
import { products } from "../db/schema";

/**
 * Drafts, archived and scheduled products (decision 046). The app's clock is the test's, and the
 * catalogue's boundary timers are fired by hand when their time has come, as in sale-price.test.ts.
 */
const T0 = Date.parse("2026-12-01T09:00:00Z");
let now = T0;
const clock = () => now;
const pending = new Set<{ at: number; fire: () => void }>();
const setSaleTimer: SaleTimer = (fire, delayMs) => {
  const timer = { at: now + delayMs, fire };
  pending.add(timer);
  return () => pending.delete(timer);
};
function fireDueTimers() {
  for (const timer of [...pending]) {
    if (timer.at > now) continue;
    pending.delete(timer);
    timer.fire();
  }
}

let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp({
    config: { adminEmails: [ADMIN_EMAIL], publicCatalogue: true, guestCheckout: true },
    clock,
    setSaleTimer,
  });
  admin = await registerAccount(context.app, ADMIN_EMAIL, "Chief");
  shopper = await registerAccount(context.app);
}, 60_000);
afterAll(() => context.close());

async function addProduct(fields: Record<string, unknown>) {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/addproduct",
    headers: admin.headers,
    payload: { ...validProductForm, stock: 10, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminProduct>();
}

async function setStatus(id: string, fields: Record<string, unknown>) {
  const detail = (
    await context.app.inject({ url: `/api/admin/products/${id}`, headers: admin.headers })
  ).json<ProductDetail>();
  const response = await context.app.inject({
    method: "PUT",
    url: `/api/product/${id}`,
    headers: admin.headers,
    payload: {
      productname: detail.productname,
      price: String(detail.price),
      catagory: detail.catagory,
      description: detail.description,
      image: detail.image,
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminProduct>();
}

/** Asks twice, so the catalogue cache keeps the answer (it keeps a URL from its second miss). */
async function shown(app: App, url: string) {
  await app.inject(url);
  return app.inject(url);
}

async function searchTotal(app: App, name: string, extra = "") {
  const response = await shown(app, `/api/products?q=${encodeURIComponent(name)}${extra}`);
  return Number(response.headers["x-total-count"]);
}

describe("a draft", () => {
  it("is kept from shoppers everywhere: lists, search, facets, the product page, best sellers, the sitemap, the bag and the wishlist", async () => {
    now = T0;
    const name = `Draft Wool Coat ${randomUUID().slice(0, 6)}`;
    const draft = await addProduct({ productname: name, status: "draft" });
    expect(draft).toMatchObject({ status: "draft", publishAt: null });
    await context.app.catalogueIndex.warm();

    // The index answers these; the database answers while it builds (both are asked).
    expect(await searchTotal(context.app, name)).toBe(0);
    expect(await searchTotal(context.app, name, "&sort=price-asc&inStock=1")).toBe(0);
    context.app.catalogueIndex.invalidate();
    expect((await context.app.inject(`/api/products?q=${encodeURIComponent(name)}`)).json()).toEqual([]);
    const facets = (
      await context.app.inject(`/api/products/facets?q=${encodeURIComponent(name)}`)
    ).json<ProductFacets>();
    expect(facets.categories.reduce((sum, category) => sum + Number(category.count), 0)).toBe(0);
    await context.app.catalogueIndex.warm();

    expect((await context.app.inject(`/api/productdetail/${draft._id}`)).statusCode).toBe(404);
    const bestSellers = (await context.app.inject("/api/products/best-sellers?limit=24")).json<Product[]>();
    expect(bestSellers.map((product) => product._id)).not.toContain(draft._id);
    expect((await context.app.inject("/sitemap.xml")).body).not.toContain(draft._id);

    const add = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${draft._id}`,
      headers: shopper.headers,
      payload: { quantity: 1 },
    });
    expect(add.statusCode).toBe(404);
    const guest = new GuestBrowser(context.app);
    expect((await guest.request("PUT", `/api/guest-bag/${draft._id}`, { quantity: 1 })).statusCode).toBe(404);
    const wish = await context.app.inject({
      method: "PUT",
      url: `/api/wishlist/${draft._id}`,
      headers: shopper.headers,
      payload: {},
    });
    expect(wish.statusCode).toBe(404);
  });

  it("is the owner's to list, filter and preview as shoppers will see it; a shopper may not", async () => {
    now = T0;
    const name = `Preview Trainers ${randomUUID().slice(0, 6)}`;
    const draft = await addProduct({ productname: name, status: "draft" });
    const list = await context.app.inject({
      url: `/api/admin/products?q=${encodeURIComponent(name)}&status=draft`,
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.json<AdminProduct[]>()[0]).toMatchObject({ _id: draft._id, status: "draft" });
    const notActive = await context.app.inject({
      url: `/api/admin/products?q=${encodeURIComponent(name)}&status=active`,
      headers: admin.headers,
    });
    expect(notActive.json()).toEqual([]);

    const preview = await context.app.inject({
      url: `/api/admin/products/${draft._id}`,
      headers: admin.headers,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ProductDetail>()).toMatchObject({ productname: name, status: "draft", price: 249.9 });

    for (const [account, status] of [
      [shopper, 403],
      [undefined, 401],
    ] as const) {
      const headers = account?.headers ?? {};
      expect(
        (await context.app.inject({ url: `/api/admin/products/${draft._id}`, headers })).statusCode,
      ).toBe(status);
      expect((await context.app.inject({ url: "/api/admin/products", headers })).statusCode).toBe(status);
    }
  });

  it("refuses a status or publish time it does not know, with the field's message", async () => {
    for (const [fields, field, message] of [
      [{ status: "live" }, "status", "Status must be draft, active or archived"],
      [{ publishAt: "tomorrow" }, "publishAt", "Publish time must be a date and time"],
    ] as const) {
      const response = await context.app.inject({
        method: "POST",
        url: "/api/addproduct",
        headers: admin.headers,
        payload: { ...validProductForm, ...fields },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toBe(message);
    }
    const bad = await context.app.inject({ url: "/api/admin/products?status=live", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a scheduled launch", () => {
  it("goes on sale at its publish time, one second either side, in lists, search, the product page and the cached answers", async () => {
    now = T0;
    const publishAt = T0 + 60_000;
    const name = `Launch Chronograph ${randomUUID().slice(0, 6)}`;
    const product = await addProduct({ productname: name, publishAt: new Date(publishAt).toISOString() });
    expect(product.status).toBe("active");
    await expect.poll(() => context.app.saleBoundaries.nextAt).toBe(publishAt);
    const scheduled = await context.app.inject({
      url: `/api/admin/products?q=${encodeURIComponent(name)}&status=scheduled`,
      headers: admin.headers,
    });
    expect(scheduled.headers["x-total-count"]).toBe("1");

    now = publishAt - 1_000;
    fireDueTimers();
    await context.app.catalogueIndex.warm();
    expect(await searchTotal(context.app, name)).toBe(0);
    expect((await context.app.inject(`/api/products?q=${encodeURIComponent(name)}`)).headers["x-cache"]).toBe(
      "hit",
    );
    expect((await context.app.inject(`/api/productdetail/${product._id}`)).statusCode).toBe(404);

    now = publishAt + 1_000;
    fireDueTimers();
    expect(await searchTotal(context.app, name)).toBe(1);
    expect((await shown(context.app, `/api/productdetail/${product._id}`)).statusCode).toBe(200);
    const active = await context.app.inject({
      url: `/api/admin/products?q=${encodeURIComponent(name)}&status=active`,
      headers: admin.headers,
    });
    expect(active.headers["x-total-count"]).toBe("1");
  });

  it("goes on sale on two instances at its time, each dropping its own cached answers", async (test) => {
    // Several instances share a PostgreSQL server; the embedded database has one process.
    if (context.database.kind !== "postgres") return test.skip();
    const other = await buildSecondInstance(context, { clock, setSaleTimer });
    try {
      // Past the other tests' launches, so this one is the next boundary.
      now = T0 + 600_000;
      const publishAt = now + 90_000;
      const name = `Two Instance Launch ${randomUUID().slice(0, 6)}`;
      await addProduct({ productname: name, publishAt: new Date(publishAt).toISOString() });
      await expect.poll(() => other.saleBoundaries.nextAt, { timeout: 2_000 }).toBe(publishAt);
      now = publishAt - 1_000;
      for (const app of [context.app, other]) {
        await app.catalogueIndex.warm();
        expect(await searchTotal(app, name)).toBe(0);
      }
      now = publishAt + 1_000;
      fireDueTimers();
      for (const app of [context.app, other]) expect(await searchTotal(app, name)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("an archived product", () => {
  it("leaves the shop and cannot be bought from a bag, while the order that holds it still shows it", async () => {
    now = T0;
    const name = `Archive Loafers ${randomUUID().slice(0, 6)}`;
    const product = await addProduct({ productname: name });
    const buy = async () => {
      const line = await context.app.inject({
        method: "PUT",
        url: `/api/cart/${product._id}`,
        headers: shopper.headers,
        payload: { quantity: 1 },
      });
      expect(line.statusCode, line.body).toBe(200);
      return line.json<CartLine>();
    };
    const bought = await buy();
    const placed = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        lineIds: [bought._id],
        delivery: TEST_DELIVERY,
        card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const inBag = await buy();
    const guest = new GuestBrowser(context.app);
    expect((await guest.request("PUT", `/api/guest-bag/${product._id}`, { quantity: 1 })).statusCode).toBe(
      200,
    );

    await setStatus(product._id, { status: "archived" });
    await context.app.catalogueIndex.warm();
    expect(await searchTotal(context.app, name)).toBe(0);
    expect((await context.app.inject(`/api/productdetail/${product._id}`)).statusCode).toBe(404);

    const bag = (
      await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers })
    ).json<CartLine[]>();
    expect(bag.find((line) => line._id === inBag._id)).toMatchObject({ stock: 0 });
    const refused = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        lineIds: [inBag._id],
        delivery: TEST_DELIVERY,
        card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `${name} is no longer for sale. Remove it from your bag to check out.`,
    );
    const [{ stock }] = (await context.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product._id))) as [{ stock: number }];
    expect(stock).toBe(9);

    const guestBag = (await guest.request("GET", "/api/guest-bag")).json<GuestBag>();
    expect(guestBag.lines).toEqual([]);
    expect(guestBag.unavailable).toEqual([expect.objectContaining({ quantity: 1 })]);

    const order = await context.app.inject({
      url: `/api/orders/${placed.json<Order>()._id}`,
      headers: shopper.headers,
    });
    expect(order.statusCode).toBe(200);
    expect(order.json<Order>().lines[0]).toMatchObject({ productId: product._id, name, quantity: 1 });

    // Back on sale: the shop shows it again.
    await setStatus(product._id, { status: "active" });
    await context.app.catalogueIndex.warm();
    expect(await searchTotal(context.app, name)).toBe(1);
  });
});
