import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { cartLines, products, productVariants } from "../db/schema";

let context: TestContext;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp();
  shopper = await registerAccount(context.app, uniqueEmail("wisher"), "Wanda");
});
afterAll(() => context.close());

const call = (method: "GET" | "PUT" | "DELETE" | "POST", url: string, payload?: object, account = shopper) =>
  context.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });

async function sizedProduct(name: string) {
  const productId = await insertProduct(context.database.db, { name, priceCents: 3000 });
  const [variant] = await context.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return { productId, variantId: variant!.id };
}

describe("the wishlist", () => {
  it("keeps the price when added beside today's, moves an item to the bag with its size, and refuses a sold-out one", async () => {
    const { productId, variantId } = await sizedProduct("Wished Coat");
    const saved = await call("PUT", `/api/wishlist/${productId}`, { variantId });
    expect(saved.statusCode).toBe(200);
    await context.database.db
      .update(productVariants)
      .set({ priceCents: 2500 })
      .where(eq(productVariants.id, variantId));
    const list = (await call("GET", "/api/wishlist")).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        productId,
        variantId,
        priceCentsWhenAdded: 3000,
        priceCents: 2500,
        stock: 50,
      }),
    ]);

    const moved = await call("POST", `/api/wishlist/${productId}/bag`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().items).toEqual([]);
    const [line] = await context.database.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.productId, productId));
    expect(line).toMatchObject({ variantId, quantity: 1 });

    const soldOut = await sizedProduct("Wished Boot");
    await context.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, soldOut.variantId));
    await call("PUT", `/api/wishlist/${soldOut.productId}`, {});
    const refused = await call("POST", `/api/wishlist/${soldOut.productId}/bag`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/sold out/);
    expect((await call("GET", "/api/wishlist")).json().items).toHaveLength(1);
    expect((await call("PUT", `/api/wishlist/${crypto.randomUUID()}`, {})).statusCode).toBe(404);
    expect((await context.app.inject({ url: "/api/wishlist" })).statusCode).toBe(401);
  });

  it("shares a read-only link that anyone can open until it is revoked", async () => {
    const owner = await registerAccount(context.app, uniqueEmail("sharer"), "Sasha");
    const { productId } = await sizedProduct("Shared Hat");
    await call("PUT", `/api/wishlist/${productId}`, {}, owner);
    const opened = await call("POST", "/api/wishlist/share", undefined, owner);
    const token = opened.json().shareToken;
    expect(token).toEqual(expect.any(String));
    const shared = await context.app.inject({ url: `/api/wishlists/${token}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ name: "Sasha", items: [expect.objectContaining({ productId })] });
    // Read-only: the link changes nothing, and the product's own deletion leaves the list.
    expect((await call("DELETE", "/api/wishlist/share", undefined, owner)).json().shareToken).toBeNull();
    expect((await context.app.inject({ url: `/api/wishlists/${token}` })).statusCode).toBe(404);
    await context.database.db.delete(products).where(eq(products.id, productId));
    expect((await call("GET", "/api/wishlist", undefined, owner)).json().items).toEqual([]);
  });
});
