import { randomUUID } from "node:crypto";
import type { CartLine } from "@shop/contract/cart";
import type { Product, ProductFacets } from "@shop/contract/catalogue";
import type { Order } from "@shop/contract/orders";
import type { ProductDetail } from "@shop/contract/variants";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { TEST_DELIVERY } from "../../test/support/orders";
import { buildSecondInstance, createTestApp, type TestContext } from "../../test/support/test-app";
import type { App } from "../app";
import type { SaleTimer } from "../cache/sale-boundaries";
import { selectRows } from "../db/client";
import { mails, products } from "../db/schema";
import { renderMail } from "../mail/templates";
import { priceAt, variantPriceSql } from "./sale-price";

/**
 * Sales at their boundaries (decision 032). The app's clock is the test's: it stands one second
 * before or after a start or end, and the sale timers are fired by hand when their time has come,
 * as setTimeout would fire them, so nothing sleeps.
 */
const T0 = Date.parse("2026-12-01T09:00:00Z");
let now = T0;
const clock = () => now;

interface PendingTimer {
  at: number;
  fire: () => void;
}
const pending = new Set<PendingTimer>();
const setSaleTimer: SaleTimer = (fire, delayMs) => {
  const timer = { at: now + delayMs, fire };
  pending.add(timer);
  return () => pending.delete(timer);
};
/** Fires the timers whose time has come, as the event loop would. */
function fireDueTimers() {
  for (const timer of [...pending]) {
    if (timer.at > now) continue;
    pending.delete(timer);
    timer.fire();
  }
}

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: [ADMIN_EMAIL] }, clock, setSaleTimer });
  admin = await registerAccount(context.app, ADMIN_EMAIL, "Chief");
}, 60_000);
afterAll(() => context.close());

const startsAt = T0 + 60_000;
const endsAt = T0 + 120_000;

/** A product of one variant at $100, with a sale at $70 from startsAt until endsAt. */
async function productOnSale(name: string) {
  const id = await insertProduct(context.database.db, { name, priceCents: 10_000, stock: 20 });
  const response = await context.app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}/variants`,
    headers: admin.headers,
    payload: {
      options: [],
      variants: [{ options: {}, price: "100.00", salePrice: "70.00", stock: 20 }],
      saleStartsAt: new Date(startsAt).toISOString(),
      saleEndsAt: new Date(endsAt).toISOString(),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** Asks twice, so the catalogue cache keeps the answer (it keeps a URL from its second miss). */
async function shown(app: App, url: string) {
  await app.inject(url);
  return app.inject(url);
}

async function listed(app: App, name: string) {
  const response = await shown(app, `/api/products?q=${encodeURIComponent(name)}`);
  const [product] = response.json() as Product[];
  return product!;
}

async function onSaleTotal(app: App, name: string) {
  const response = await shown(app, `/api/products?q=${encodeURIComponent(name)}&onSale=1`);
  return Number(response.headers["x-total-count"]);
}

describe("a sale's schedule", () => {
  it("starts at its start and ends at its end, one second either side, in lists, the product page, facets and the cached answers", async () => {
    now = T0;
    const name = "Boundary Linen Shirt";
    const id = await productOnSale(name);
    // The change reschedules the timer for the sale's start.
    await expect.poll(() => context.app.saleBoundaries.nextAt).toBe(startsAt);

    now = startsAt - 1_000;
    fireDueTimers();
    // As main.ts does at start: a search the database answers while the index builds is not kept.
    await context.app.catalogueIndex.warm();
    const before = await listed(context.app, name);
    expect(before).toMatchObject({ price: 100, compareAtPrice: null, savingPercent: 0 });
    expect(await onSaleTotal(context.app, name)).toBe(0);
    // Cached now: a hit until the boundary drops it.
    expect((await context.app.inject(`/api/products?q=${encodeURIComponent(name)}`)).headers["x-cache"]).toBe(
      "hit",
    );

    now = startsAt + 1_000;
    fireDueTimers();
    const during = await listed(context.app, name);
    expect(during).toMatchObject({ price: 70, compareAtPrice: 100, savingPercent: 30 });
    expect(during.saleEndsAt).toBe(new Date(endsAt).toISOString());
    expect(await onSaleTotal(context.app, name)).toBe(1);
    const detail = (await shown(context.app, `/api/productdetail/${id}`)).json() as ProductDetail;
    expect(detail.variants[0]).toMatchObject({
      price: 70,
      compareAtPrice: 100,
      savingPercent: 30,
      salePrice: 70,
    });
    const facets = (
      await shown(context.app, `/api/products/facets?q=${encodeURIComponent(name)}`)
    ).json() as ProductFacets;
    expect(facets.onSale).toBe(1);
    // Its price range is the sale price's ($50 to $100), not the regular one's ($100 to $200).
    expect(facets.priceRanges.find((range) => range.min === 50)?.count).toBe(1);
    await expect.poll(() => context.app.saleBoundaries.nextAt).toBe(endsAt);

    now = endsAt - 1_000;
    fireDueTimers();
    expect(await listed(context.app, name)).toMatchObject({ price: 70 });

    now = endsAt + 1_000;
    fireDueTimers();
    expect(await listed(context.app, name)).toMatchObject({
      price: 100,
      compareAtPrice: null,
      savingPercent: 0,
    });
    expect(await onSaleTotal(context.app, name)).toBe(0);
    await expect.poll(() => context.app.saleBoundaries.nextAt).toBeUndefined();
  });

  it("ends at its time in the catalogue index too, though the timer has not fired yet", async () => {
    now = T0;
    const name = "Index Boundary Scarf";
    await productOnSale(name);
    await context.app.catalogueIndex.warm();
    now = startsAt + 1_000;
    // No timer fired: the index's snapshot, priced before the start, is not served past it.
    const response = await context.app.inject(`/api/products?q=${encodeURIComponent(name)}&sort=price-asc`);
    expect((response.json() as Product[])[0]).toMatchObject({ price: 70 });
    fireDueTimers();
  });

  it("charges the price that applies at checkout; the bag says the price changed since the line was added; the order and its mail show the was price", async () => {
    now = T0;
    const name = "Checkout Sale Boots";
    const id = await productOnSale(name);
    const shopper = await registerAccount(context.app);
    now = startsAt - 1_000;
    fireDueTimers();
    const added = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${id}`,
      headers: shopper.headers,
      payload: { quantity: 2 },
    });
    expect(added.json()).toMatchObject({ price: 100, priceWhenAdded: null, compareAtPrice: null });

    now = startsAt + 1_000;
    fireDueTimers();
    const bag = (
      await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers })
    ).json() as CartLine[];
    expect(bag[0]).toMatchObject({
      price: 70,
      priceWhenAdded: 100,
      compareAtPrice: 100,
      savingPercent: 30,
      total: 140,
    });

    // The bag's summary is priced as checkout prices it.
    const quote = await context.app.inject({
      method: "POST",
      url: "/api/cart/quote",
      headers: shopper.headers,
      payload: { lineIds: [bag[0]!._id] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ subtotal: 140 });

    const placed = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: {
        lineIds: [bag[0]!._id],
        delivery: TEST_DELIVERY,
        card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order.lines[0]).toMatchObject({ price: 70, compareAtPrice: 100, total: 140 });
    expect(order.money.subtotal).toBe(140);

    const [mail] = await context.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.recipient, shopper.email), eq(mails.kind, "order-confirmation")))
      .orderBy(desc(mails.createdAt))
      .limit(1);
    const rendered = await renderMail({ kind: mail!.kind, data: mail!.data } as never, {
      baseUrl: context.app.config.baseUrl,
    });
    expect(rendered.text).toContain("2 × Checkout Sale Boots @ $70.00 (was $100.00, −30 %) = $140.00");
    expect(rendered.html).toContain("was <s>$100.00</s>, −30 %");
  });

  it("refuses a sale price not below the price and a window that ends before it starts", async () => {
    const id = await insertProduct(context.database.db, { priceCents: 5_000 });
    const put = (payload: object) =>
      context.app.inject({
        method: "PUT",
        url: `/api/admin/products/${id}/variants`,
        headers: admin.headers,
        payload,
      });
    const tooHigh = await put({
      options: [],
      variants: [{ options: {}, price: "50.00", salePrice: "50.00", stock: 1 }],
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.body).toContain("The sale price must be below the price");
    const backwards = await put({
      options: [],
      variants: [{ options: {}, price: "50.00", salePrice: "40.00", stock: 1 }],
      saleStartsAt: "2026-12-02T00:00:00Z",
      saleEndsAt: "2026-12-01T00:00:00Z",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain("The sale must end after it starts");
    const notATime = await put({
      options: [],
      variants: [{ options: {}, price: "50.00", stock: 1 }],
      saleStartsAt: "tomorrow",
    });
    expect(notATime.statusCode).toBe(400);
  });

  it("derives the product's sale figures from its variants, and drops a sale price a new price is not above", async () => {
    const { db } = context.database;
    const id = await insertProduct(db, { priceCents: 4_000 });
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/admin/products/${id}/variants`,
      headers: admin.headers,
      payload: {
        options: [{ name: "Size", values: ["S", "M", "L"] }],
        variants: [
          { options: { Size: "S" }, price: "40.00", salePrice: "30.00", stock: 1 },
          { options: { Size: "M" }, price: "50.00", salePrice: "25.00", stock: 1 },
          { options: { Size: "L" }, price: "60.00", stock: 1 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = async () => (await db.select().from(products).where(eq(products.id, id)))[0]!;
    // Lowest while on sale: M at $25 (was $50); the largest saving is M's 50 %.
    expect(await row()).toMatchObject({
      priceCents: 4_000,
      salePriceCents: 2_500,
      saleCompareAtCents: 5_000,
      saleSavingPercent: 50,
    });
    // A price written on the product goes to every variant; sale prices not below it go.
    await db.update(products).set({ priceCents: 2_800 }).where(eq(products.id, id));
    expect(await row()).toMatchObject({
      priceCents: 2_800,
      salePriceCents: 2_500,
      saleCompareAtCents: 2_800,
      saleSavingPercent: 11,
    });
    await db.update(products).set({ priceCents: 2_000 }).where(eq(products.id, id));
    expect(await row()).toMatchObject({
      priceCents: 2_000,
      salePriceCents: null,
      saleCompareAtCents: null,
      saleSavingPercent: 0,
    });
  });

  it("prices a variant in SQL as priceAt does, at and around both ends of the window", async () => {
    const window = { saleStartsAt: new Date(startsAt), saleEndsAt: new Date(endsAt) };
    const moments = [startsAt - 1_000, startsAt, startsAt + 1_000, endsAt - 1_000, endsAt, endsAt + 1_000];
    for (const moment of moments) {
      const [row] = await selectRows<{ price: number }>(
        context.database.db,
        sql`select ${variantPriceSql(sql`v`, sql`p`, sql`${new Date(moment).toISOString()}::timestamptz`)} as price
            from (select 10000 as price_cents, 7000 as sale_price_cents) v,
              (select ${window.saleStartsAt.toISOString()}::timestamptz as sale_starts_at,
                ${window.saleEndsAt.toISOString()}::timestamptz as sale_ends_at) p`,
      );
      const expected = priceAt(10_000, 7_000, window, moment).priceCents;
      expect(Number(row!.price), new Date(moment).toISOString()).toBe(expected);
    }
    // The start is inside the window, the end outside.
    expect(priceAt(10_000, 7_000, window, startsAt).priceCents).toBe(7_000);
    expect(priceAt(10_000, 7_000, window, endsAt).priceCents).toBe(10_000);
  });
});

describe("a sale on two instances on one PostgreSQL", () => {
  it("starts on both at its time: each drops its cached answers at the boundary with no message", async (test) => {
    // Several instances share a PostgreSQL server; the embedded database has one process.
    if (context.database.kind !== "postgres") return test.skip();
    const other = await buildSecondInstance(context, { clock, setSaleTimer });
    try {
      now = T0;
      const name = "Two Instance Trench";
      await productOnSale(name);
      // The NOTIFY tells the other instance, which sets its own timer.
      await expect.poll(() => other.saleBoundaries.nextAt, { timeout: 2_000 }).toBe(startsAt);
      now = startsAt - 1_000;
      for (const app of [context.app, other]) {
        await app.catalogueIndex.warm();
        expect(await listed(app, name)).toMatchObject({ price: 100 });
        expect((await app.inject(`/api/products?q=${encodeURIComponent(name)}`)).headers["x-cache"]).toBe(
          "hit",
        );
      }
      now = startsAt + 1_000;
      fireDueTimers();
      for (const app of [context.app, other]) {
        expect(await listed(app, name)).toMatchObject({ price: 70, compareAtPrice: 100, savingPercent: 30 });
      }
    } finally {
      await other.close();
    }
  });
});
