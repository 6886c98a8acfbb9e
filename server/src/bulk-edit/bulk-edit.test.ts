import { randomUUID } from "node:crypto";
import type { BulkEditRequest } from "@shop/contract/bulk-edit";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { checkOutNewProduct } from "../../test/support/orders";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { selectRows } from "../db/client";
import { auditEvents, collectionProducts, orderLines, products, productVariants } from "../db/schema";

let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

const ADMIN = "bulk-admin@shop.test";

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: [ADMIN] } });
  admin = await registerAccount(context.app, ADMIN);
  shopper = await registerAccount(context.app);
});
afterAll(() => context.close());

const db = () => context.database.db;

const post = (url: string, payload: unknown, account: TestAccount | null = admin) =>
  context.app.inject({
    method: "POST",
    url,
    headers: account?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
const preview = (request: BulkEditRequest, account?: TestAccount | null) =>
  post("/api/admin/products/bulk/preview", request, account);
const apply = (request: BulkEditRequest, account?: TestAccount | null) =>
  post("/api/admin/products/bulk", request, account);

/** A word no other test's product has, for names and filter selections. */
const marker = () => `Bulk${randomUUID().slice(0, 8)}`;

/** A product with several variants at these prices (the product's price is derived from them). */
async function productWithVariants(name: string, prices: number[]) {
  const id = await insertProduct(db(), { name, priceCents: prices[0]! });
  await db().delete(productVariants).where(eq(productVariants.productId, id));
  await db()
    .insert(productVariants)
    .values(
      prices.map((priceCents, position) => ({
        productId: id,
        priceCents,
        stock: 3,
        position,
        optionValues: [`Size ${position}`],
      })),
    );
  return id;
}

const variantPrices = async (id: string) =>
  (
    await db()
      .select({ price: productVariants.priceCents, sale: productVariants.salePriceCents })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position))
  ).map((row) => [row.price, row.sale]);

const productRow = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0];

/** The products' audit events by the admin (a test's own inserts and variant setup are the system's). */
const eventsOf = (ids: string[]) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(inArray(auditEvents.entityId, ids), eq(auditEvents.actorEmail, ADMIN)))
    .orderBy(asc(auditEvents.id));

describe("bulk edit: preview", () => {
  it("previewing a category change counts the selection and the products that change, shows before → after, and writes nothing", async () => {
    const word = marker();
    const ids = [
      await insertProduct(db(), { name: `${word} one`, category: "gadgets" }),
      await insertProduct(db(), { name: `${word} two`, category: "shoes" }),
      await insertProduct(db(), { name: `${word} three`, category: "gadgets" }),
    ];
    const response = await preview({
      selection: { kind: "ids", ids },
      action: { type: "set-category", category: "shoes" },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.matched).toBe(3);
    expect(body.changing).toBe(2);
    expect(body.sample).toHaveLength(2);
    expect(body.sample[0].before.catagory).toBe("gadgets");
    expect(body.sample[0].after.catagory).toBe("shoes");
    expect((await productRow(ids[0]!))!.category).toBe("gadgets");
    expect(await eventsOf(ids)).toEqual([]);
  });

  it("previewing a price change shows each product's new lowest and dearest price, rounded to the minor unit", async () => {
    const id = await productWithVariants(`${marker()} varied`, [1999, 1005]);
    const response = await preview({
      selection: { kind: "ids", ids: [id] },
      action: { type: "change-price", percent: -15 },
    });
    expect(response.statusCode).toBe(200);
    const [row] = response.json().sample;
    // 1005 × 0.85 = 854.25 → 854; 1999 × 0.85 = 1699.15 → 1699.
    expect(row.before).toMatchObject({ price: 10.05, priceMax: 19.99 });
    expect(row.after).toMatchObject({ price: 8.54, priceMax: 16.99 });
    expect(await variantPrices(id)).toEqual([
      [1999, null],
      [1005, null],
    ]);
  });
});

describe("bulk edit: apply", () => {
  it("a percentage price change sets every variant's price rounded to the minor unit, derives the product's, writes one audit event per product, and the lists show it", async () => {
    const word = marker();
    const single = await insertProduct(db(), { name: `${word} single`, priceCents: 1999 });
    const varied = await productWithVariants(`${word} varied`, [1005, 2500, 333]);
    const response = await apply({
      selection: { kind: "ids", ids: [single, varied] },
      action: { type: "change-price", percent: 12.5 },
      expectedCount: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matched: 2, changed: 2 });
    // 1999 × 1.125 = 2248.875 → 2249; 1005 → 1130.625 → 1131; 2500 → 2812.5 → 2813; 333 → 374.625 → 375.
    expect(await variantPrices(single)).toEqual([[2249, null]]);
    expect(await variantPrices(varied)).toEqual([
      [1131, null],
      [2813, null],
      [375, null],
    ]);
    expect(await productRow(varied)).toMatchObject({ priceCents: 375, maxPriceCents: 2813 });
    const events = await eventsOf([single, varied]);
    expect(events.map((event) => [event.entityId, event.kind, event.actorEmail])).toEqual(
      expect.arrayContaining([
        [single, "price", ADMIN],
        [varied, "price", ADMIN],
      ]),
    );
    expect(events).toHaveLength(2);
    expect(events.find((event) => event.entityId === varied)).toMatchObject({
      before: { price_cents: 333 },
      after: { price_cents: 375 },
    });
    const list = await context.app.inject({ url: `/api/products?q=${word}` });
    expect(
      list
        .json()
        .map((product: { price: number }) => product.price)
        .sort(),
    ).toEqual([22.49, 3.75]);
  });

  it("a price cut drops a sale price that is no longer below the price, as a product price edit does", async () => {
    const id = await insertProduct(db(), { name: `${marker()} on sale`, priceCents: 1000 });
    await db().update(productVariants).set({ salePriceCents: 900 }).where(eq(productVariants.productId, id));
    const response = await apply({
      selection: { kind: "ids", ids: [id] },
      action: { type: "change-price", percent: -20 },
    });
    expect(response.statusCode).toBe(200);
    expect(await variantPrices(id)).toEqual([[800, null]]);
    expect(await productRow(id)).toMatchObject({
      priceCents: 800,
      salePriceCents: null,
      saleSavingPercent: 0,
    });
  });

  it("'all matching this filter' changes every product the Manage Products search finds, and refuses when the count differs from the preview's", async () => {
    const word = marker();
    const ids = await Promise.all(
      [1, 2, 3].map((n) => insertProduct(db(), { name: `${word} item ${n}`, category: "gadgets" })),
    );
    const request = {
      selection: { kind: "filter" as const, q: word },
      action: { type: "set-category" as const, category: "womans" as const },
    };
    const previewed = (await preview(request)).json();
    expect(previewed.matched).toBe(3);

    const stale = await apply({ ...request, expectedCount: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/now holds 3 products, not 2/);
    expect((await productRow(ids[0]!))!.category).toBe("gadgets");

    const applied = await apply({ ...request, expectedCount: previewed.matched });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ matched: 3, changed: 3 });
    const rows = await db().select().from(products).where(inArray(products.id, ids));
    expect(rows.map((row) => row.category)).toEqual(["womans", "womans", "womans"]);
    const events = await eventsOf(ids);
    expect(events.map((event) => [event.kind, event.before, event.after])).toEqual(
      ids.map(() => ["product", { category: "gadgets" }, { category: "womans" }]),
    );
  });

  it("scheduling a sale sets each variant's sale price and the product's window, writes one audit event per product, and the sale shows once it starts", async () => {
    const word = marker();
    const single = await insertProduct(db(), { name: `${word} single`, priceCents: 1999 });
    const varied = await productWithVariants(`${word} varied`, [1000, 2500]);
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const endsAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await apply({
      selection: { kind: "ids", ids: [single, varied] },
      action: { type: "schedule-sale", percentOff: 30, startsAt, endsAt },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matched: 2, changed: 2 });
    // 1999 × 0.7 = 1399.3 → 1399.
    expect(await variantPrices(single)).toEqual([[1999, 1399]]);
    expect(await variantPrices(varied)).toEqual([
      [1000, 700],
      [2500, 1750],
    ]);
    expect(await productRow(varied)).toMatchObject({
      priceCents: 1000,
      salePriceCents: 700,
      saleSavingPercent: 30,
      saleStartsAt: new Date(startsAt),
      saleEndsAt: new Date(endsAt),
    });
    const events = await eventsOf([single, varied]);
    expect(events).toHaveLength(2);
    expect(events.find((event) => event.entityId === single)).toMatchObject({
      kind: "price",
      actorEmail: ADMIN,
      before: { sale_price_cents: null, sale_starts_at: null, sale_ends_at: null },
      after: { sale_percent_off: 30, sale_price_cents: 1399 },
    });
    const list = await context.app.inject({ url: `/api/products?q=${word}&sort=price-asc` });
    expect(list.json().map((product: { price: number; savingPercent: number }) => product.price)).toEqual([
      7, 13.99,
    ]);

    // The same sale again changes nothing and writes no event.
    const again = await apply({
      selection: { kind: "ids", ids: [single, varied] },
      action: { type: "schedule-sale", percentOff: 30, startsAt, endsAt },
    });
    expect(again.json()).toEqual({ matched: 2, changed: 0 });
    expect(await eventsOf([single, varied])).toHaveLength(2);
  });

  it("delete removes the products from the catalogue and carts, one audit event each; orders keep their lines", async () => {
    const ordered = await checkOutNewProduct(context.app, shopper, 1200);
    expect(ordered.statusCode).toBe(201);
    const orderedProductId = ordered.json().lines[0].productId as string;
    const other = await insertProduct(db(), { name: `${marker()} to delete` });
    const response = await apply({
      selection: { kind: "ids", ids: [orderedProductId, other] },
      action: { type: "delete" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ matched: 2, changed: 2 });
    expect(
      await db()
        .select()
        .from(products)
        .where(inArray(products.id, [orderedProductId, other])),
    ).toEqual([]);
    const events = await eventsOf([orderedProductId, other]);
    expect(events.filter((event) => event.action === "deleted")).toHaveLength(2);
    const [lines] = await db()
      .select({ n: count() })
      .from(orderLines)
      .where(eq(orderLines.orderId, ordered.json()._id));
    expect(lines!.n).toBe(1);
  });
});

describe("bulk edit: status (decision 046)", () => {
  it("'all matching' a search and a status filter publishes exactly the drafts it lists, at once (a scheduled time goes), one audit event each, and shoppers then see them", async () => {
    const word = marker();
    const later = new Date(Date.now() + 86_400_000);
    const drafts = await Promise.all(
      [1, 2].map((n) =>
        insertProduct(db(), { name: `${word} draft ${n}`, status: "draft", publishAt: later }),
      ),
    );
    const archived = await insertProduct(db(), { name: `${word} archived`, status: "archived" });
    const request = {
      selection: { kind: "filter" as const, q: word, status: "draft" as const },
      action: { type: "set-status" as const, status: "active" as const },
    };
    const previewed = (await preview(request)).json();
    expect(previewed.matched).toBe(2);
    expect(previewed.sample[0].before).toMatchObject({ status: "draft", publishAt: later.toISOString() });
    expect(previewed.sample[0].after).toMatchObject({ status: "active", publishAt: null });

    const applied = await apply({ ...request, expectedCount: 2 });
    expect(applied.json()).toEqual({ matched: 2, changed: 2 });
    const rows = await db()
      .select()
      .from(products)
      .where(inArray(products.id, [...drafts, archived]));
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.status, row.publishAt]]))).toEqual({
      [drafts[0]!]: ["active", null],
      [drafts[1]!]: ["active", null],
      [archived]: ["archived", null],
    });
    const events = await eventsOf(drafts);
    // PostgreSQL's JSON writes ".31" for 310 ms: compared as instants, not as text.
    const asInstant = (value: unknown) => {
      const change = value as Record<string, unknown>;
      return {
        ...change,
        publish_at: typeof change.publish_at === "string" ? new Date(change.publish_at).toISOString() : null,
      };
    };
    expect(events.map((event) => [event.kind, asInstant(event.before), asInstant(event.after)])).toEqual(
      drafts.map(() => [
        "product",
        { status: "draft", publish_at: later.toISOString() },
        { status: "active", publish_at: null },
      ]),
    );
    await context.app.catalogueIndex.warm();
    const listed = await context.app.inject(`/api/products?q=${word}`);
    expect(listed.headers["x-total-count"]).toBe("2");
  });

  it("unpublishes picked rows back to draft and archives others; a product already so does not count as changed", async () => {
    const word = marker();
    const live = await insertProduct(db(), { name: `${word} live` });
    const already = await insertProduct(db(), { name: `${word} already`, status: "draft" });
    const unpublished = await apply({
      selection: { kind: "ids", ids: [live, already] },
      action: { type: "set-status", status: "draft" },
    });
    expect(unpublished.json()).toEqual({ matched: 2, changed: 1 });
    expect((await productRow(live))!.status).toBe("draft");
    const refused = await preview({
      selection: { kind: "ids", ids: [live] },
      action: { type: "set-status", status: "live" as never },
    });
    expect(refused.statusCode).toBe(400);
    const archivedNow = await apply({
      selection: { kind: "ids", ids: [live] },
      action: { type: "set-status", status: "archived" },
    });
    expect(archivedNow.json()).toEqual({ matched: 1, changed: 1 });
    expect((await productRow(live))!.status).toBe("archived");
  });
});

describe("bulk edit: all or nothing", () => {
  it("a sale that fails half-way (after the variants were written) changes nothing and leaves no audit event", async () => {
    const word = marker();
    const ids = await Promise.all(
      [1, 2, 3].map((n) => insertProduct(db(), { name: `${word} ${n}`, priceCents: 1000 })),
    );
    // The variants' sale prices are written first; the products' window after them: fail there.
    await db().execute(
      sql.raw(`create function bulk_test_fail() returns trigger language plpgsql as $$
      begin
        if new.name = '${word} 3' and new.sale_ends_at is distinct from old.sale_ends_at then
          raise exception 'injected failure';
        end if;
        return new;
      end $$`),
    );
    await db().execute(
      sql`create trigger bulk_test_fail before update on products for each row execute function bulk_test_fail()`,
    );
    try {
      const response = await apply({
        selection: { kind: "ids", ids },
        action: { type: "schedule-sale", percentOff: 10, startsAt: null, endsAt: "2099-01-01T00:00:00Z" },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger bulk_test_fail on products`);
      await db().execute(sql`drop function bulk_test_fail()`);
    }
    for (const id of ids) {
      expect(await variantPrices(id)).toEqual([[1000, null]]);
      expect(await productRow(id)).toMatchObject({ salePriceCents: null, saleEndsAt: null });
    }
    expect(await eventsOf(ids)).toEqual([]);
  });

  it("a price change that one product cannot take is refused whole (422) and names it", async () => {
    const word = marker();
    const cheap = await insertProduct(db(), { name: `${word} penny`, priceCents: 1 });
    const fine = await insertProduct(db(), { name: `${word} fine`, priceCents: 5000 });
    const response = await apply({
      selection: { kind: "filter", q: word },
      action: { type: "change-price", percent: -60 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(new RegExp(`1 product .*“${word} penny”.*Nothing was changed`));
    expect(await variantPrices(fine)).toEqual([[5000, null]]);
    expect(await variantPrices(cheap)).toEqual([[1, null]]);
    expect(await eventsOf([cheap, fine])).toEqual([]);
  });

  it("a sale too deep for a product's price, or ending in the past, is refused (422) in the preview and the apply", async () => {
    const id = await insertProduct(db(), { name: `${marker()} cheap`, priceCents: 2 });
    for (const send of [preview, apply]) {
      const tooDeep = await send({
        selection: { kind: "ids", ids: [id] },
        action: { type: "schedule-sale", percentOff: 10, startsAt: null, endsAt: null },
      });
      expect(tooDeep.statusCode).toBe(422);
      const past = await send({
        selection: { kind: "ids", ids: [id] },
        action: { type: "schedule-sale", percentOff: 10, startsAt: null, endsAt: "2020-01-01T00:00:00Z" },
      });
      expect(past.statusCode).toBe(422);
      expect(past.json().detail).toBe("The sale must end in the future.");
    }
  });
});

describe("bulk edit: who may, and what is refused", () => {
  const request: BulkEditRequest = {
    selection: { kind: "filter", q: "" },
    action: { type: "delete" },
  };

  it("is for admins only: 401 signed out, 403 for a shopper, on both endpoints; nothing is deleted", async () => {
    const id = await insertProduct(db());
    for (const send of [preview, apply]) {
      expect((await send(request, null)).statusCode).toBe(401);
      expect((await send(request, shopper)).statusCode).toBe(403);
    }
    expect(await productRow(id)).toBeDefined();
  });

  const MALFORMED: [string, unknown][] = [
    ["no body", undefined],
    ["an array", []],
    ["no selection", { action: { type: "delete" } }],
    ["no action", { selection: { kind: "ids", ids: [randomUUID()] } }],
    ["an unknown selection", { selection: { kind: "all" }, action: { type: "delete" } }],
    ["no ids", { selection: { kind: "ids", ids: [] }, action: { type: "delete" } }],
    [
      "an id that is not a UUID",
      { selection: { kind: "ids", ids: ["1; drop table products"] }, action: { type: "delete" } },
    ],
    [
      "too many ids",
      {
        selection: { kind: "ids", ids: Array.from({ length: 10_001 }, () => randomUUID()) },
        action: { type: "delete" },
      },
    ],
    [
      "a search of 101 characters",
      { selection: { kind: "filter", q: "x".repeat(101) }, action: { type: "delete" } },
    ],
    ["an unknown action", { selection: { kind: "filter", q: "" }, action: { type: "publish" } }],
    [
      "an unknown category",
      { selection: { kind: "filter", q: "" }, action: { type: "set-category", category: "hats" } },
    ],
    ["a 0 % change", { selection: { kind: "filter", q: "" }, action: { type: "change-price", percent: 0 } }],
    [
      "a percentage as text",
      { selection: { kind: "filter", q: "" }, action: { type: "change-price", percent: "10" } },
    ],
    [
      "three decimals",
      { selection: { kind: "filter", q: "" }, action: { type: "change-price", percent: 1.234 } },
    ],
    ["−100 %", { selection: { kind: "filter", q: "" }, action: { type: "change-price", percent: -100 } }],
    [
      "a 0 % sale",
      {
        selection: { kind: "filter", q: "" },
        action: { type: "schedule-sale", percentOff: 0, startsAt: null, endsAt: null },
      },
    ],
    [
      "a 100 % sale",
      {
        selection: { kind: "filter", q: "" },
        action: { type: "schedule-sale", percentOff: 100, startsAt: null, endsAt: null },
      },
    ],
    [
      "a sale without its times",
      { selection: { kind: "filter", q: "" }, action: { type: "schedule-sale", percentOff: 10 } },
    ],
    [
      "a time that is not a time",
      {
        selection: { kind: "filter", q: "" },
        action: { type: "schedule-sale", percentOff: 10, startsAt: "tomorrow", endsAt: null },
      },
    ],
    [
      "an end before the start",
      {
        selection: { kind: "filter", q: "" },
        action: {
          type: "schedule-sale",
          percentOff: 10,
          startsAt: "2099-02-01T00:00:00Z",
          endsAt: "2099-01-01T00:00:00Z",
        },
      },
    ],
    ["a NUL in the search", { selection: { kind: "filter", q: "a\u0000b" }, action: { type: "delete" } }],
    ["a negative expected count", { ...request, expectedCount: -1 }],
  ];

  it.each(MALFORMED)("answers 400 to %s, and deletes nothing", async (_name, body) => {
    const before = await db().select({ n: count() }).from(products);
    for (const url of ["/api/admin/products/bulk/preview", "/api/admin/products/bulk"]) {
      const response = await context.app.inject({
        method: "POST",
        url,
        headers: { ...admin.headers, "content-type": "application/json" },
        payload: body === undefined ? "" : JSON.stringify(body),
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.headers["content-type"]).toMatch(/problem\+json/);
      expect(response.json().detail).toBeTruthy();
    }
    expect(await db().select({ n: count() }).from(products)).toEqual(before);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/admin/products/bulk",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: "{selection:",
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("bulk edit: collections", () => {
  const createCollection = async (body: Record<string, unknown>) => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/admin/collections",
      headers: admin.headers,
      payload: { slug: `bulk-${randomUUID().slice(0, 8)}`, title: "Bulk picks", kind: "manual", ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string; slug: string }>();
  };
  const picksOf = async (collectionId: string) =>
    (
      await db()
        .select({ id: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, collectionId))
        .orderBy(asc(collectionProducts.position))
    ).map((row) => row.id);
  /** The shoppers' list, asked twice so the second answer may come from the catalogue cache. */
  const shownIn = async (slug: string) => {
    await context.app.inject(`/api/collections/${slug}/products`);
    const response = await context.app.inject(`/api/collections/${slug}/products`);
    expect(response.statusCode, response.body).toBe(200);
    return Number(response.headers["x-total-count"]);
  };

  it("adding products to a manual collection previews how many are added, adds only those not in it after its picks, and the shoppers' list shows them at once", async () => {
    const word = marker();
    const [old, first, second] = [
      await insertProduct(db(), { name: `${word} old` }),
      await insertProduct(db(), { name: `${word} first` }),
      await insertProduct(db(), { name: `${word} second` }),
    ];
    const collection = await createCollection({ title: `${word} picks` });
    await context.app.inject({
      method: "PUT",
      url: `/api/admin/collections/${collection._id}/products`,
      headers: admin.headers,
      payload: { productIds: [old] },
    });
    expect(await shownIn(collection.slug)).toBe(1);

    const request: BulkEditRequest = {
      selection: { kind: "ids", ids: [old!, first!, second!] },
      action: { type: "add-to-collection", collectionId: collection._id },
    };
    const previewed = await preview(request);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toMatchObject({ matched: 3, changing: 2 });
    expect(
      previewed
        .json()
        .sample.map((row: { _id: string }) => row._id)
        .sort(),
    ).toEqual([first, second].sort());
    expect(await picksOf(collection._id)).toEqual([old]);

    const applied = await apply({ ...request, expectedCount: 3 });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ matched: 3, changed: 2 });
    const picks = await picksOf(collection._id);
    expect(picks[0]).toBe(old);
    expect(picks.slice(1).sort()).toEqual([first, second].sort());
    expect(await shownIn(collection.slug)).toBe(3);

    // One audit event for the collection: its number of products before → after.
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, collection._id), eq(auditEvents.actorEmail, ADMIN)))
      .orderBy(asc(auditEvents.id));
    expect(events.at(-1)).toMatchObject({
      kind: "collection",
      action: "updated",
      entityLabel: `${word} picks`,
      before: { products: 1 },
      after: { products: 3, added: 2, removed: 0 },
    });

    // Again: nothing left to add, and no event.
    expect((await apply(request)).json()).toEqual({ matched: 3, changed: 0 });
    expect(
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, collection._id), eq(auditEvents.actorEmail, ADMIN))),
    ).toHaveLength(events.length);
  });

  it("removing products from a collection previews and removes only its picks", async () => {
    const word = marker();
    const [kept, picked, never] = [
      await insertProduct(db(), { name: `${word} kept` }),
      await insertProduct(db(), { name: `${word} picked` }),
      await insertProduct(db(), { name: `${word} never` }),
    ];
    const collection = await createCollection({});
    await apply({
      selection: { kind: "ids", ids: [kept!, picked!] },
      action: { type: "add-to-collection", collectionId: collection._id },
    });
    expect(await shownIn(collection.slug)).toBe(2);
    const request: BulkEditRequest = {
      selection: { kind: "filter", q: `${word} p` },
      action: { type: "remove-from-collection", collectionId: collection._id },
    };
    expect((await preview(request)).json()).toMatchObject({ matched: 1, changing: 1 });
    const removed = await apply({
      selection: { kind: "ids", ids: [picked!, never!] },
      action: { type: "remove-from-collection", collectionId: collection._id },
      expectedCount: 2,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ matched: 2, changed: 1 });
    expect(await picksOf(collection._id)).toEqual([kept]);
    expect(await shownIn(collection.slug)).toBe(1);
  });

  it("refuses a rule collection (409), an unknown collection (422 on the field) and a malformed id (400), changing nothing", async () => {
    const id = await insertProduct(db(), { name: `${marker()} refused` });
    const rule = await createCollection({ kind: "rule", rule: { category: "shoes" } });
    const toRule = await apply({
      selection: { kind: "ids", ids: [id] },
      action: { type: "add-to-collection", collectionId: rule._id },
    });
    expect(toRule.statusCode).toBe(409);
    expect(toRule.json().detail).toMatch(/rule collection/);
    const unknown = await preview({
      selection: { kind: "ids", ids: [id] },
      action: { type: "remove-from-collection", collectionId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ "action.collectionId": expect.stringMatching(/No collection/) });
    const malformed = await preview({
      selection: { kind: "ids", ids: [id] },
      action: { type: "add-to-collection", collectionId: "nope" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors["action.collectionId"]).toBe("Choose a collection");
    const byShopper = await preview(
      {
        selection: { kind: "ids", ids: [id] },
        action: { type: "add-to-collection", collectionId: rule._id },
      },
      shopper,
    );
    expect(byShopper.statusCode).toBe(403);
  });

  it("refuses, whole, an addition that would take a collection past 500 products, naming the collection", async () => {
    const word = marker();
    await db().execute(
      sql.raw(`insert into products (name, description, price_cents, category, image, stock)
       select '${word} many ' || n, 'Made by the cap test.', 1000 + n, 'gadgets', '/demo/products/test.svg', 5
       from generate_series(1, 501) n`),
    );
    const ids = (
      await selectRows<{ id: string }>(db(), sql`select id from products where name like ${`${word} many %`}`)
    ).map((row) => row.id);
    const collection = await createCollection({ title: `${word} Capped` });
    const full = await apply({
      selection: { kind: "ids", ids: ids.slice(0, 500) },
      action: { type: "add-to-collection", collectionId: collection._id },
    });
    expect(full.json()).toEqual({ matched: 500, changed: 500 });

    const over = await apply({
      selection: { kind: "ids", ids },
      action: { type: "add-to-collection", collectionId: collection._id },
      expectedCount: 501,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().detail).toBe(
      `“${word} Capped” would hold 501 products; a collection holds at most 500. Nothing was changed.`,
    );
    expect(
      (
        await preview({
          selection: { kind: "ids", ids },
          action: { type: "add-to-collection", collectionId: collection._id },
        })
      ).statusCode,
    ).toBe(422);
    expect(await picksOf(collection._id)).toHaveLength(500);
  });
});

describe("bulk edit: 10,000 products", () => {
  it("changes the price of 10,000 products and then puts them on sale, each in one transaction in seconds, one audit event per product", async () => {
    const word = marker();
    await db().execute(
      sql.raw(`insert into products (name, description, price_cents, category, image, stock)
       select '${word} timing ' || n, 'Made by the timing test.', 1000 + n, 'gadgets', '/demo/products/test.svg', 5
       from generate_series(1, 10000) n`),
    );
    const ids = (
      await selectRows<{ id: string }>(
        db(),
        sql`select id from products where name like ${`${word} timing %`}`,
      )
    ).map((row) => row.id);
    expect(ids).toHaveLength(10_000);
    const [eventsBefore] = await db().select({ n: count() }).from(auditEvents);

    const timed = async (label: string, request: BulkEditRequest) => {
      const started = performance.now();
      const response = await apply(request);
      const seconds = (performance.now() - started) / 1000;
      console.log(`bulk ${label} of 10,000 products on ${context.database.kind}: ${seconds.toFixed(2)} s`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ matched: 10_000, changed: 10_000 });
      expect(seconds).toBeLessThan(context.database.kind === "postgres" ? 10 : 30);
    };
    await timed("price change", {
      selection: { kind: "ids", ids },
      action: { type: "change-price", percent: 10 },
    });
    await timed("sale", {
      selection: { kind: "ids", ids },
      action: { type: "schedule-sale", percentOff: 20, startsAt: null, endsAt: "2099-01-01T00:00:00Z" },
    });

    const [eventsAfter] = await db().select({ n: count() }).from(auditEvents);
    expect(eventsAfter!.n - eventsBefore!.n).toBe(20_000);
    // 1001 × 1.1 = 1101.1 → 1101, then 20 % off: 880.8 → 881.
    const first = await db()
      .select({ price: products.priceCents, sale: products.salePriceCents })
      .from(products)
      .where(and(eq(products.name, `${word} timing 1`)));
    expect(first).toEqual([{ price: 1101, sale: 881 }]);
  });
});
