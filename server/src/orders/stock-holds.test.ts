import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { productVariants, stockHolds } from "../db/schema";
import { TEST_CARD_SUCCEEDS } from "../payments/test-provider";
import { HOLD_ABANDONED_MS, holdStock, releaseAbandonedHolds, releaseHolds, takeHolds } from "./stock-holds";

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
}, 60_000);
afterAll(() => context.close());

const db = () => context.database.db;

async function variantOf(productId: string) {
  const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, productId));
  return { variantId: variant!.id, productId, stock: variant!.stock };
}
const stockOf = async (productId: string) => (await variantOf(productId)).stock;
const holdsOf = (variantId: string) =>
  db().select().from(stockHolds).where(eq(stockHolds.variantId, variantId));

describe("stock holds (decision 050)", () => {
  it("takes the units at once and gives them back on release; an order's take leaves nothing to release", async () => {
    const productId = await insertProduct(db(), { stock: 5 });
    const line = { ...(await variantOf(productId)), quantity: 2 };
    const held = await holdStock(db(), [line]);
    if (!("holdIds" in held)) throw new Error("expected a hold");
    expect(await stockOf(productId)).toBe(3);
    expect(await holdsOf(line.variantId)).toHaveLength(1);
    await releaseHolds(db(), held.holdIds);
    expect(await stockOf(productId)).toBe(5);
    expect(await holdsOf(line.variantId)).toHaveLength(0);
    // Released twice: nothing more comes back.
    await releaseHolds(db(), held.holdIds);
    expect(await stockOf(productId)).toBe(5);

    const kept = await holdStock(db(), [line]);
    if (!("holdIds" in kept)) throw new Error("expected a hold");
    expect(await db().transaction((tx) => takeHolds(tx, kept.holdIds))).toBe(true);
    await releaseHolds(db(), kept.holdIds);
    expect(await stockOf(productId)).toBe(3);
  });

  it("holds all lines or none: a short line gives back the holds made before it", async () => {
    const plenty = { ...(await variantOf(await insertProduct(db(), { stock: 9 }))), quantity: 3 };
    const scarce = { ...(await variantOf(await insertProduct(db(), { stock: 1 }))), quantity: 2 };
    const held = await holdStock(db(), [plenty, scarce]);
    expect(held).toEqual({ short: scarce });
    expect(await stockOf(plenty.productId)).toBe(9);
    expect(await stockOf(scarce.productId)).toBe(1);
    expect(await holdsOf(plenty.variantId)).toHaveLength(0);
  });

  it("never holds more than there is: 30 holds at once for 4 units", async () => {
    const line = { ...(await variantOf(await insertProduct(db(), { stock: 4 }))), quantity: 1 };
    const results = await Promise.all(Array.from({ length: 30 }, () => holdStock(db(), [line])));
    expect(results.filter((result) => "holdIds" in result)).toHaveLength(4);
    expect(await stockOf(line.productId)).toBe(0);
    expect(await holdsOf(line.variantId)).toHaveLength(4);
  });

  it("gives back holds nobody took after HOLD_ABANDONED_MS, and only those", async () => {
    const old = { ...(await variantOf(await insertProduct(db(), { stock: 6 }))), quantity: 2 };
    const fresh = { ...(await variantOf(await insertProduct(db(), { stock: 6 }))), quantity: 1 };
    await holdStock(db(), [old]);
    await holdStock(db(), [fresh]);
    await db()
      .update(stockHolds)
      .set({ createdAt: sql`now() - ${`${HOLD_ABANDONED_MS + 1_000} milliseconds`}::interval` })
      .where(eq(stockHolds.variantId, old.variantId));
    const changed = await releaseAbandonedHolds(db());
    expect(changed).toContain(old.productId);
    expect(changed).not.toContain(fresh.productId);
    expect(await stockOf(old.productId)).toBe(6);
    expect(await stockOf(fresh.productId)).toBe(5);
  });

  it("a checkout leaves no hold behind, paid or refused, and the same lines are bought once", async () => {
    const productId = await insertProduct(db(), { stock: 5 });
    const { variantId } = await variantOf(productId);
    const shopper = await registerAccount(context.app);
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: shopper.headers,
      payload: { quantity: 2 },
    });
    const payload = {
      lineIds: [line.json()._id],
      delivery: { name: "Buyer", address: "1 Road", city: "Dhaka", phone: "01711111111" },
      card: { number: TEST_CARD_SUCCEEDS, expiry: "12/39", cvc: "123" },
    };
    // Two tabs, two keys, one bag line: one order; the other is told the line is gone.
    const answers = await Promise.all(
      [randomUUID(), randomUUID()].map((key) =>
        context.app.inject({
          method: "POST",
          url: "/api/orders",
          headers: { ...shopper.headers, "idempotency-key": key },
          payload,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await stockOf(productId)).toBe(3);
    expect(await holdsOf(variantId)).toHaveLength(0);
  });
});
