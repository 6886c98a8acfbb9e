import { randomUUID } from "node:crypto";
import type { ImportPreview } from "@shop/contract/desk";
import { parse } from "csv-parse/sync";
import { asc, count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import type { Db } from "../db/client";
import { auditEvents, products } from "../db/schema";

let source: TestContext;
let empty: TestContext;
let sourceAdmin: TestAccount;
let emptyAdmin: TestAccount;
let shopper: TestAccount;

const ADMIN = "csv-admin@shop.test";

beforeAll(async () => {
  [source, empty] = await Promise.all([
    createTestApp({ config: { adminEmails: [ADMIN] } }),
    createTestApp({ config: { adminEmails: [ADMIN] } }),
  ]);
  sourceAdmin = await registerAccount(source.app, ADMIN);
  emptyAdmin = await registerAccount(empty.app, ADMIN);
  shopper = await registerAccount(empty.app);
});
afterAll(() => Promise.all([source.close(), empty.close()]));

const catalogueOf = async (db: Db) =>
  (await db.select().from(products).orderBy(asc(products.id))).map(
    ({ id, name, category, priceCents, stock, description, image }) => ({
      id,
      name,
      category,
      priceCents,
      stock,
      description,
      image,
    }),
  );

const post = (context: TestContext, account: TestAccount, url: string, csv: string) =>
  context.app.inject({
    method: "POST",
    url,
    headers: { ...account.headers, "content-type": "text/csv" },
    payload: csv,
  });

const HEADER = "id,name,category,price,stock,description,image";
const row = (
  fields: Partial<Record<"id" | "name" | "category" | "price" | "stock" | "description" | "image", string>>,
) =>
  [
    fields.id ?? "",
    fields.name ?? `Imported ${randomUUID().slice(0, 8)}`,
    fields.category ?? "gadgets",
    fields.price ?? "12.50",
    fields.stock ?? "4",
    fields.description ?? "Imported by a test.",
    fields.image ?? "https://images.example.com/i.webp",
  ].join(",");

describe("CSV export and import", () => {
  it("round trip: export -> import into an empty shop -> the same catalogue (ids, text with commas, quotes, new lines and formulas)", async () => {
    const db = source.database.db;
    await insertProduct(db, {
      name: 'Watch, "Diver" 200 m',
      description: "Line one\nline two, with a comma",
      priceCents: 24_999,
      stock: 3,
    });
    await insertProduct(db, {
      name: '=HYPERLINK("http://evil")',
      description: "-2 + 3 looks like a formula",
      category: "mans",
    });
    await insertProduct(db, {
      name: "@risk sandals",
      description: "+ sign first",
      category: "shoes",
      stock: 0,
    });
    await insertProduct(db, { name: "Plain lamp", category: "gadgets", priceCents: 1 });

    const exported = await source.app.inject({
      url: "/api/admin/export/products.csv",
      headers: sourceAdmin.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toMatch(/^text\/csv/);
    expect(exported.headers["content-disposition"]).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.headers["cache-control"]).toBe("no-store");
    // No cell a spreadsheet would run.
    const cells = (parse(exported.body) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    expect(cells).toContain('\'=HYPERLINK("http://evil")');

    expect(await catalogueOf(empty.database.db)).toEqual([]);
    const preview = await post(empty, emptyAdmin, "/api/admin/import/products/preview", exported.body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 4, creates: 4, updates: 0, errors: [] });
    const applied = await post(empty, emptyAdmin, "/api/admin/import/products", exported.body);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ created: 4, updated: 0 });
    expect(await catalogueOf(empty.database.db)).toEqual(await catalogueOf(db));

    // Importing the same file again updates every product in place and changes nothing.
    const again = await post(empty, emptyAdmin, "/api/admin/import/products", exported.body);
    expect(again.json()).toEqual({ created: 0, updated: 4 });
    expect(await catalogueOf(empty.database.db)).toEqual(await catalogueOf(db));
  });

  it("an import with one bad row applies nothing and names the row", async () => {
    const before = await catalogueOf(empty.database.db);
    const csv = [HEADER, row({}), row({}), row({ price: "12.5O" }), row({})].join("\n");
    const response = await post(empty, emptyAdmin, "/api/admin/import/products", csv);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/row 4 \(price: /);
    expect(response.json().errors).toHaveProperty(["row 4 price"]);
    expect(await catalogueOf(empty.database.db)).toEqual(before);
  });

  it("the preview lists every row's errors: bad price, unknown category, duplicate, bad image URL, bad id, missing cells", async () => {
    const csv = [
      HEADER,
      row({ name: "Fine One" }),
      row({ price: "free" }),
      row({ category: "hats" }),
      row({ name: "Fine One" }),
      row({ image: "javascript:alert(1)" }),
      row({ id: "not-a-uuid" }),
      "only,three,cells",
      row({ price: "0", image: "ftp://x" }),
    ].join("\r\n");
    const response = await post(empty, emptyAdmin, "/api/admin/import/products/preview", csv);
    expect(response.statusCode).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.rows).toBe(8);
    expect(preview.errorCount).toBe(8);
    expect(preview.creates).toBe(1);
    expect(preview.errors.map((error) => [error.row, error.field])).toEqual([
      [3, "price"],
      [4, "category"],
      [5, "name"],
      [6, "image"],
      [7, "id"],
      [8, "row"],
      [9, "price"],
      [9, "image"],
    ]);
    expect(preview.errors.find((error) => error.row === 4)!.message).toMatch(/Unknown category/);
    expect(preview.errors.find((error) => error.row === 5)!.message).toMatch(/Duplicate: row 2/);
    expect(preview.sample.map((entry) => entry.name)).toEqual(["Fine One"]);
  });

  it("lists the first 1,000 errors of a file with more, and counts them all", async () => {
    const csv = [HEADER, ...Array.from({ length: 1_500 }, () => row({ category: "hats" }))].join("\n");
    const preview = (
      await post(empty, emptyAdmin, "/api/admin/import/products/preview", csv)
    ).json<ImportPreview>();
    expect(preview.errorCount).toBe(1_500);
    expect(preview.errors).toHaveLength(1_000);
    expect(preview.errors.at(-1)!.row).toBe(1_001);
  });

  it("flags a name the shop already has in that category as a duplicate", async () => {
    await insertProduct(empty.database.db, { name: "Existing Lamp", category: "gadgets" });
    const csv = [
      HEADER,
      row({ name: "existing lamp", category: "gadgets" }),
      row({ name: "Existing Lamp", category: "shoes" }),
    ].join("\n");
    const preview = (
      await post(empty, emptyAdmin, "/api/admin/import/products/preview", csv)
    ).json<ImportPreview>();
    expect(preview.errors).toEqual([
      { row: 2, field: "name", message: expect.stringMatching(/already has/) },
    ]);
  });

  it("answers a file that is not a products CSV with 400, and an empty body with 400", async () => {
    for (const csv of ["name,price\nx,1", "", 'id,name\n"unterminated']) {
      const response = await post(empty, emptyAdmin, "/api/admin/import/products/preview", csv);
      expect(response.statusCode, csv).toBe(400);
      expect(response.headers["content-type"]).toMatch(/problem\+json/);
    }
  });

  it("is for admins only", async () => {
    const csv = [HEADER, row({})].join("\n");
    expect((await post(empty, shopper, "/api/admin/import/products", csv)).statusCode).toBe(403);
    expect(
      (await empty.app.inject({ url: "/api/admin/export/products.csv", headers: shopper.headers }))
        .statusCode,
    ).toBe(403);
  });

  it("exports orders of a date range, one row per line", async () => {
    const productId = await insertProduct(empty.database.db, {
      name: "Export Mug",
      priceCents: 750,
      stock: 10,
    });
    const line = await empty.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: shopper.headers,
      payload: { quantity: 3 },
    });
    const order = await empty.app.inject({
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
    const today = new Date().toISOString().slice(0, 10);
    const response = await empty.app.inject({
      url: `/api/admin/export/orders.csv?from=${today}&to=${today}`,
      headers: emptyAdmin.headers,
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual([
      "order_number",
      "placed_at",
      "status",
      "email",
      "order_total",
      "product_id",
      "product_name",
      "unit_price",
      "quantity",
      "line_total",
    ]);
    expect(rows).toContainEqual([
      String(order.json().number),
      expect.any(String),
      "paid",
      shopper.email,
      "22.50",
      productId,
      "Export Mug",
      "7.50",
      "3",
      "22.50",
    ]);
    const none = await empty.app.inject({
      url: "/api/admin/export/orders.csv?from=2001-01-01&to=2001-01-31",
      headers: emptyAdmin.headers,
    });
    expect(parse(none.body)).toHaveLength(1);
    const backwards = await empty.app.inject({
      url: `/api/admin/export/orders.csv?from=${today}&to=2001-01-01`,
      headers: emptyAdmin.headers,
    });
    expect(backwards.statusCode).toBe(400);
  });

  it("imports 10,000 rows in one transaction in seconds, with an audit event per product", async () => {
    const csv = [
      HEADER,
      ...Array.from({ length: 10_000 }, (_, index) => row({ name: `Bulk product ${index}` })),
    ].join("\n");
    const db = empty.database.db;
    const [before] = await db.select({ n: count() }).from(products);
    const [eventsBefore] = await db.select({ n: count() }).from(auditEvents);
    const started = performance.now();
    const response = await post(empty, emptyAdmin, "/api/admin/import/products", csv);
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toEqual({ created: 10_000, updated: 0 });
    console.log(`10,000-row import on ${empty.database.kind}: ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(20);
    const [after] = await db.select({ n: count() }).from(products);
    expect(after!.n - before!.n).toBe(10_000);
    const [eventsAfter] = await db.select({ n: count() }).from(auditEvents);
    expect(eventsAfter!.n - eventsBefore!.n).toBe(10_000);
  });
});
