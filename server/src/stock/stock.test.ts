import { randomUUID } from "node:crypto";
import type { LowStock } from "@shop/contract/desk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { orders } from "../db/schema";

let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["stock-admin@shop.test"] } });
  admin = await registerAccount(context.app, "stock-admin@shop.test");
  shopper = await registerAccount(context.app);
});
afterAll(() => context.close());

async function buy(productId: string, quantity: number) {
  const line = await context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: shopper.headers,
    payload: { quantity },
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
  return order.json()._id as string;
}

const lowStock = async () =>
  (await context.app.inject({ url: "/api/admin/low-stock", headers: admin.headers })).json<LowStock>();
const badge = async () =>
  (await context.app.inject({ url: "/api/admin/low-stock/count", headers: admin.headers })).json<{
    count: number;
  }>().count;
const setThreshold = (threshold: unknown) =>
  context.app.inject({
    method: "PUT",
    url: "/api/admin/settings/low-stock",
    headers: admin.headers,
    payload: { threshold },
  });

describe("low stock", () => {
  it("lists products below the owner's threshold, lowest first, with days of cover from 28 days of sales", async () => {
    const selling = await insertProduct(context.database.db, { name: "Selling Fast", stock: 18 });
    const idle = await insertProduct(context.database.db, { name: "Never Sold", stock: 1 });
    await insertProduct(context.database.db, { name: "Plenty", stock: 500 });
    await buy(selling, 14); // 14 units in 28 days: half a unit a day; 4 left -> 8 days of cover
    // A sale older than 28 days does not count.
    const old = await buy(selling, 1);
    await context.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 29 * 86_400_000) })
      .where(eq(orders.id, old));

    expect((await lowStock()).threshold).toBe(5);
    const { items } = await lowStock();
    expect(items.map((item) => [item.name, item.stock, item.unitsSold28Days, item.daysOfCover])).toEqual([
      ["Never Sold", 1, 0, null],
      ["Selling Fast", 3, 14, 6],
    ]);
    expect(items[0]).toMatchObject({ productId: idle, options: [], catagory: "gadgets" });
    expect(items[0]!.variantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await badge()).toBe(2);
  });

  it("lists each size and colour on its own, named by its options, while the product as a whole has plenty", async () => {
    const shirt = await insertProduct(context.database.db, { name: "Oxford Shirt", category: "mans" });
    const sizes = { S: 40, M: 2, L: 0 };
    const variants = await context.app.inject({
      method: "PUT",
      url: `/api/admin/products/${shirt}/variants`,
      headers: admin.headers,
      payload: {
        options: [
          { name: "Size", values: Object.keys(sizes) },
          { name: "Colour", values: ["Blue"] },
        ],
        variants: Object.entries(sizes).map(([size, stock]) => ({
          options: { Size: size, Colour: "Blue" },
          price: "39.00",
          stock,
        })),
      },
    });
    expect(variants.statusCode).toBe(200);
    const sizeM = (
      variants.json() as { variants: { _id: string; options: Record<string, string> }[] }
    ).variants.find((variant) => variant.options.Size === "M")!;

    const { items } = await lowStock();
    const shirts = items.filter((item) => item.productId === shirt);
    expect(shirts.map((item) => [item.stock, item.options])).toEqual([
      [
        0,
        [
          { name: "Size", value: "L" },
          { name: "Colour", value: "Blue" },
        ],
      ],
      [
        2,
        [
          { name: "Size", value: "M" },
          { name: "Colour", value: "Blue" },
        ],
      ],
    ]);
    expect(shirts[1]!.variantId).toBe(sizeM._id);
    // Two of the shirt's three variants, beside the two products of the test before.
    expect(await badge()).toBe(4);
  });

  it("keeps the threshold the owner sets, in the database, and the badge follows it", async () => {
    expect((await setThreshold(2)).json()).toEqual({ threshold: 2 });
    expect((await lowStock()).items.map((item) => item.name)).toEqual(["Oxford Shirt", "Never Sold"]);
    expect(await badge()).toBe(2);
    expect((await setThreshold(0)).statusCode).toBe(200);
    expect(await badge()).toBe(0);
    for (const bad of [-1, 1.5, "many", null, 100_001]) {
      const response = await setThreshold(bad);
      expect(response.statusCode, String(bad)).toBe(400);
    }
    expect((await lowStock()).threshold).toBe(0);
  });

  it("is for admins only", async () => {
    expect(
      (await context.app.inject({ url: "/api/admin/low-stock", headers: shopper.headers })).statusCode,
    ).toBe(403);
    expect((await context.app.inject({ url: "/api/admin/low-stock/count" })).statusCode).toBe(401);
  });
});
