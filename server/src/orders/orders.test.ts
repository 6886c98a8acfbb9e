import { randomUUID } from "node:crypto";
import type { CartLine } from "@shop/contract/cart";
import type { Order } from "@shop/contract/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { products } from "../db/schema";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from "../payments/test-provider";

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
});
afterAll(() => context.close());

const delivery = { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" };
const card = (number = TEST_CARD_SUCCEEDS) => ({ number, expiry: "12/39", cvc: "123" });

async function addToCart(account: TestAccount, productId: string, quantity = 1): Promise<CartLine> {
  const response = await context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: account.headers,
    payload: { quantity },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function checkout(
  account: TestAccount,
  lineIds: string[],
  options: { key?: string | null; cardNumber?: string } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...account.headers, ...(key ? { "idempotency-key": key } : {}) },
    payload: { lineIds, delivery, card: card(options.cardNumber) },
  });
}

const stockOf = async (productId: string) =>
  (
    await context.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
  )[0]!.stock;
const cartOf = async (account: TestAccount) =>
  (
    await context.app.inject({ url: `/api/carts/${account.email}`, headers: account.headers })
  ).json() as CartLine[];

describe("checkout", () => {
  it("places a paid order with line snapshots, takes the stock and empties the bought lines only", async () => {
    const shopper = await registerAccount(context.app);
    const watch = await insertProduct(context.database.db, {
      name: "Dive Watch",
      priceCents: 12000,
      stock: 10,
    });
    const tee = await insertProduct(context.database.db, { name: "Tee", priceCents: 1500, stock: 10 });
    const watchLine = await addToCart(shopper, watch, 2);
    await addToCart(shopper, tee, 1);

    const response = await checkout(shopper, [watchLine._id]);
    expect(response.statusCode).toBe(201);
    const order = response.json() as Order;
    expect(order).toMatchObject({
      status: "paid",
      total: 240,
      email: shopper.email,
      delivery,
      payment: { provider: "test", last4: "4242" },
      lines: [{ productId: watch, name: "Dive Watch", price: 120, quantity: 2, total: 240 }],
    });
    expect(order.number).toBeGreaterThanOrEqual(1001);
    expect(await stockOf(watch)).toBe(8);
    expect((await cartOf(shopper)).map((line) => line.name)).toEqual(["Tee"]);
    expect(JSON.stringify(order)).not.toContain(TEST_CARD_SUCCEEDS);
  });

  it("never oversells: with stock 5, exactly 5 of 20 parallel one-unit orders succeed", async () => {
    const productId = await insertProduct(context.database.db, { stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => registerAccount(context.app)));
    const lines = await Promise.all(shoppers.map((shopper) => addToCart(shopper, productId, 1)));
    const responses = await Promise.all(
      shoppers.map((shopper, index) => checkout(shopper, [lines[index]!._id])),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await stockOf(productId)).toBe(0);
  });

  it("buys the same bag lines once: two tabs with two keys get one order and one 409", async () => {
    const productId = await insertProduct(context.database.db, { stock: 5 });
    const shopper = await registerAccount(context.app);
    const line = await addToCart(shopper, productId, 2);
    const responses = await Promise.all([checkout(shopper, [line._id]), checkout(shopper, [line._id])]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(productId)).toBe(3);
  });

  it("answers a repeated idempotency key with the first order, also when the requests race", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db, { stock: 10 });
    const line = await addToCart(shopper, productId, 1);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      checkout(shopper, [line._id], { key }),
      checkout(shopper, [line._id], { key }),
    ]);
    const third = await checkout(shopper, [line._id], { key });
    const ids = [first, second, third].map((response) => response.json()._id);
    expect(new Set(ids).size).toBe(1);
    expect([first, second, third].map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await stockOf(productId)).toBe(9);
    const mine = await context.app.inject({ url: "/api/orders", headers: shopper.headers });
    expect(mine.json()).toHaveLength(1);
  });

  it("keeps an order's prices when the catalogue price changes later", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db, { priceCents: 5000 });
    const line = await addToCart(shopper, productId, 1);
    const order = (await checkout(shopper, [line._id])).json() as Order;
    await context.database.db
      .update(products)
      .set({ priceCents: 9900, name: "Renamed" })
      .where(eq(products.id, productId));
    const read = await context.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(read.json()).toMatchObject({ total: 50, lines: [{ price: 50, name: order.lines[0]!.name }] });
  });

  it("leaves stock and cart untouched when the card is declined (402) or invalid (400)", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db, { stock: 4 });
    const line = await addToCart(shopper, productId, 2);
    const declined = await checkout(shopper, [line._id], { cardNumber: TEST_CARD_DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().detail).toMatch(/declined/);
    const invalid = await checkout(shopper, [line._id], { cardNumber: "1234 5678 9012 3456" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors["card.number"]).toMatch(/not valid/);
    expect(await stockOf(productId)).toBe(4);
    expect((await cartOf(shopper)).map((cartLine) => cartLine.quantity)).toEqual([2]);
    expect((await context.app.inject({ url: "/api/orders", headers: shopper.headers })).json()).toEqual([]);
  });

  it.each([
    [{ key: null }, "idempotency-key"],
    [{ key: "not-a-uuid" }, "idempotency-key"],
  ])("refuses a checkout without a proper idempotency key (%o)", async (options, field) => {
    const shopper = await registerAccount(context.app);
    const line = await addToCart(shopper, await insertProduct(context.database.db), 1);
    const response = await checkout(shopper, [line._id], options);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBeDefined();
  });

  it("refuses another user's cart line, and anonymous checkout", async () => {
    const owner = await registerAccount(context.app);
    const thief = await registerAccount(context.app);
    const line = await addToCart(owner, await insertProduct(context.database.db), 1);
    expect((await checkout(thief, [line._id])).statusCode).toBe(409);
    const anonymous = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": randomUUID() },
      payload: { lineIds: [line._id], delivery, card: card() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("reading orders", () => {
  it("shows a shopper their own orders only: another's answers 404, an admin sees all", async () => {
    const owner = await registerAccount(context.app);
    const other = await registerAccount(context.app);
    const line = await addToCart(owner, await insertProduct(context.database.db), 1);
    const order = (await checkout(owner, [line._id])).json() as Order;

    expect(
      (await context.app.inject({ url: `/api/orders/${order._id}`, headers: owner.headers })).statusCode,
    ).toBe(200);
    expect(
      (await context.app.inject({ url: `/api/orders/${order._id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await context.app.inject({ url: "/api/orders", headers: other.headers })).json()).toEqual([]);
    expect(
      (await context.app.inject({ url: `/api/orders/${order._id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    const all = await context.app.inject({ url: "/api/admin/orders?status=paid", headers: admin.headers });
    expect(all.json().map((item: Order) => item._id)).toContain(order._id);
    expect((await context.app.inject({ url: "/api/admin/orders", headers: owner.headers })).statusCode).toBe(
      403,
    );
  });
});

describe("order status", () => {
  async function paidOrder(stock = 10) {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db, { stock });
    const line = await addToCart(shopper, productId, 3);
    const order = (await checkout(shopper, [line._id])).json() as Order;
    return { shopper, productId, order };
  }
  const move = (account: TestAccount, orderId: string, status: string) =>
    context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${orderId}`,
      headers: account.headers,
      payload: { status },
    });

  it("moves paid → shipped → delivered for an admin only, and refuses other steps with 409", async () => {
    const { shopper, order } = await paidOrder();
    expect((await move(shopper, order._id, "shipped")).statusCode).toBe(403);
    expect((await move(admin, order._id, "delivered")).statusCode).toBe(409);
    expect((await move(admin, order._id, "shipped")).json().status).toBe("shipped");
    expect((await move(admin, order._id, "cancelled")).statusCode).toBe(409);
    expect((await move(admin, order._id, "delivered")).json().status).toBe("delivered");
    expect((await move(admin, order._id, "paid")).statusCode).toBe(409);
    const seen = await context.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(seen.json().status).toBe("delivered");
  });

  it("returns the stock of a cancelled paid order", async () => {
    const { productId, order } = await paidOrder(10);
    expect(await stockOf(productId)).toBe(7);
    expect((await move(admin, order._id, "cancelled")).json().status).toBe("cancelled");
    expect(await stockOf(productId)).toBe(10);
  });
});

describe("best sellers", () => {
  it("ranks products by units sold in paid orders, then fills with the newest", async () => {
    const fresh = await createTestApp();
    try {
      const buyer = await registerAccount(fresh.app);
      const [a, b, c] = [
        await insertProduct(fresh.database.db, {
          name: "Seller A",
          createdAt: new Date(Date.now() - 30_000),
        }),
        await insertProduct(fresh.database.db, {
          name: "Seller B",
          createdAt: new Date(Date.now() - 20_000),
        }),
        await insertProduct(fresh.database.db, {
          name: "Newest C",
          createdAt: new Date(Date.now() - 10_000),
        }),
      ];
      const buy = async (productId: string, quantity: number) => {
        const line = (
          await fresh.app.inject({
            method: "PUT",
            url: `/api/cart/${productId}`,
            headers: buyer.headers,
            payload: { quantity },
          })
        ).json();
        await fresh.app.inject({
          method: "POST",
          url: "/api/orders",
          headers: { ...buyer.headers, "idempotency-key": randomUUID() },
          payload: { lineIds: [line._id], delivery, card: card() },
        });
      };
      await buy(a, 1);
      await buy(b, 4);
      const response = await fresh.app.inject("/api/products/best-sellers?limit=3");
      expect(response.json().map((product: { _id: string }) => product._id)).toEqual([b, a, c]);
    } finally {
      await fresh.close();
    }
  });
});
