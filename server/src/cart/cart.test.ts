import type { CartLine } from "@shop/contract/cart";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { SESSION_EXPIRES_IN_SECONDS } from "../auth/auth";
import { cartLines, products, sessions, users } from "../db/schema";

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
});
afterAll(() => context.close());

const add = (account: TestAccount | undefined, productId: string, payload: object) =>
  context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: account?.headers ?? {},
    payload,
  });

const readCart = (account: TestAccount, email = account.email) =>
  context.app.inject({ url: `/api/carts/${email}`, headers: account.headers });

describe("PUT /api/cart/:productId", () => {
  it("takes name, image and price from the catalogue and the owner from the session, whatever the payload says", async () => {
    const shopper = await registerAccount(context.app);
    const victim = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db, {
      name: "Real Watch",
      priceCents: 19999,
      image: "/demo/products/real.svg",
    });
    const response = await add(shopper, productId, {
      name: "Free Watch",
      image: "https://evil.example/x.png",
      price: 0.01,
      email: victim.email,
      quantity: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: expect.any(String),
      productId,
      variantId: expect.any(String),
      options: [],
      name: "Real Watch",
      image: "/demo/products/real.svg",
      stock: 50,
      price: 199.99,
      compareAtPrice: null,
      savingPercent: 0,
      priceWhenAdded: null,
      quantity: 2,
      total: 399.98,
      email: shopper.email,
    });
    expect((await readCart(victim)).json()).toEqual([]);
  });

  it("accepts quick add's quantity '1' as a string and raises an existing line instead of adding another", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    await add(shopper, productId, { quantity: "1" });
    const second = await add(shopper, productId, { quantity: 3 });
    expect(second.json().quantity).toBe(4);
    const cart = await readCart(shopper);
    expect(cart.json()).toHaveLength(1);
    expect(cart.headers["x-item-count"]).toBe("4");
  });

  it("keeps separate lines for two users adding the same product", async () => {
    const [ann, bob] = [await registerAccount(context.app), await registerAccount(context.app)];
    const productId = await insertProduct(context.database.db);
    await add(ann, productId, { quantity: 1 });
    await add(bob, productId, { quantity: 5 });
    expect((await readCart(ann)).json()[0].quantity).toBe(1);
    expect((await readCart(bob)).json()[0].quantity).toBe(5);
  });

  it("counts 20 parallel adds of 1 as exactly 20", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => add(shopper, productId, { quantity: 1 })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await readCart(shopper)).json()[0].quantity).toBe(20);
  });

  it("refuses a total above 99 with a 400 that changes nothing", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db, { stock: 500 });
    await add(shopper, productId, { quantity: 98 });
    const over = await add(shopper, productId, { quantity: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.quantity).toBe("A cart line holds at most 99 of one product");
    expect((await readCart(shopper)).json()[0].quantity).toBe(98);
  });

  it.each([
    0,
    -1,
    100,
    1.5,
    "1.5",
    "two",
    "",
    " ",
    null,
    true,
    [1],
    { n: 1 },
    "1e2",
    "0x10",
    1e308,
    undefined,
  ])("refuses the quantity %j with a field message", async (quantity) => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    const response = await add(shopper, productId, quantity === undefined ? {} : { quantity });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.quantity).toBe("Quantity must be a whole number from 1 to 99");
    expect((await readCart(shopper)).json()).toEqual([]);
  });

  it("answers 401 to an anonymous add, 404 for an unknown product and 400 for a malformed id", async () => {
    const productId = await insertProduct(context.database.db);
    expect((await add(undefined, productId, { quantity: 1 })).statusCode).toBe(401);
    // Who is asking is settled before what is asked: an invalid body does not turn 401 into 400.
    expect((await add(undefined, productId, { quantity: "lots" })).statusCode).toBe(401);
    expect((await add(undefined, "not-a-uuid", {})).statusCode).toBe(401);
    const shopper = await registerAccount(context.app);
    expect((await add(shopper, "00000000-0000-4000-8000-000000000000", { quantity: 1 })).statusCode).toBe(
      404,
    );
    expect((await add(shopper, "not-a-uuid", { quantity: 1 })).statusCode).toBe(400);
  });

  it("refuses an out-of-stock product and quantities above the stock with 409", async () => {
    const shopper = await registerAccount(context.app);
    const soldOut = await insertProduct(context.database.db, { stock: 0 });
    const scarce = await insertProduct(context.database.db, { stock: 3 });
    const refused = await add(shopper, soldOut, { quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/out of stock/);
    expect((await add(shopper, scarce, { quantity: 4 })).statusCode).toBe(409);
    expect((await add(shopper, scarce, { quantity: 2 })).statusCode).toBe(200);
    const over = await add(shopper, scarce, { quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().detail).toMatch(/^Only 3 of Test Product \d+ left in stock; your cart has 2\.$/);
    expect((await readCart(shopper)).json()[0].quantity).toBe(2);
  });
});

describe("GET /api/carts/:email", () => {
  it("lists lines newest first with unit price and total; another shopper gets 403, an admin may read", async () => {
    const shopper = await registerAccount(context.app);
    const other = await registerAccount(context.app);
    const older = await insertProduct(context.database.db, { name: "Older", priceCents: 1000 });
    const newer = await insertProduct(context.database.db, { name: "Newer", priceCents: 250 });
    await add(shopper, older, { quantity: 1 });
    await add(shopper, newer, { quantity: 4 });

    const cart = await readCart(shopper);
    expect(cart.json().map((line: CartLine) => [line.name, line.price, line.quantity, line.total])).toEqual([
      ["Newer", 2.5, 4, 10],
      ["Older", 10, 1, 10],
    ]);
    expect(cart.headers["x-total-count"]).toBe("2");
    expect(cart.headers["x-item-count"]).toBe("5");

    expect((await readCart(other, shopper.email)).statusCode).toBe(403);
    expect((await context.app.inject({ url: `/api/carts/${shopper.email}` })).statusCode).toBe(401);
    expect((await readCart(admin, shopper.email)).json()).toHaveLength(2);
  });

  it("counts every line and unit in the headers on any page, also one past the end", async () => {
    const shopper = await registerAccount(context.app);
    for (const quantity of [1, 2, 3]) {
      await add(shopper, await insertProduct(context.database.db, { name: `Paged ${quantity}` }), {
        quantity,
      });
    }
    for (const [query, lines] of [
      ["limit=2&offset=0", 2],
      ["limit=2&offset=2", 1],
      ["limit=2&offset=4", 0],
    ] as const) {
      const page = await context.app.inject({
        url: `/api/carts/${shopper.email}?${query}`,
        headers: shopper.headers,
      });
      expect(page.json(), query).toHaveLength(lines);
      expect(page.headers["x-total-count"], query).toBe("3");
      expect(page.headers["x-item-count"], query).toBe("6");
    }
  });
});

// The cart read and add look the session up in their own statement (requireSignedToken): these
// show it counts exactly as the guards' lookup does.
describe("the cart's own session lookup", () => {
  const linesInDatabase = async (productId: string) =>
    (await context.database.db.select().from(cartLines).where(eq(cartLines.productId, productId))).length;

  it("ends with sign-out and with the account: 401 to read and add, and nothing is added", async () => {
    const productId = await insertProduct(context.database.db);
    const leaving = await registerAccount(context.app);
    const removed = await registerAccount(context.app);
    expect((await add(leaving, productId, { quantity: 1 })).statusCode).toBe(200);

    const signOut = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: leaving.headers,
    });
    expect(signOut.statusCode).toBe(200);
    await context.database.db.delete(users).where(eq(users.email, removed.email));

    for (const account of [leaving, removed]) {
      expect((await add(account, productId, { quantity: 1 })).statusCode).toBe(401);
      expect((await readCart(account)).statusCode).toBe(401);
    }
    expect(await linesInDatabase(productId)).toBe(1);
  });

  it("refuses an expired session and a tampered token with 401", async () => {
    const productId = await insertProduct(context.database.db);
    const expired = await registerAccount(context.app);
    await context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, expired.token.split(".")[0]!));
    const shopper = await registerAccount(context.app);
    const tampered = {
      ...shopper,
      headers: { authorization: `${shopper.headers.authorization.slice(0, -3)}AA=` },
    };

    for (const account of [expired, tampered]) {
      expect((await add(account, productId, { quantity: 1 })).statusCode).toBe(401);
      expect((await readCart(account, shopper.email)).statusCode).toBe(401);
    }
    expect(await linesInDatabase(productId)).toBe(0);
  });

  it("sees a role change at once: a demoted admin gets 403 for another's cart", async () => {
    const shopper = await registerAccount(context.app);
    const deputy = await registerAccount(context.app);
    await context.database.db.update(users).set({ role: "admin" }).where(eq(users.email, deputy.email));
    expect((await readCart(deputy, shopper.email)).statusCode).toBe(200);
    await context.database.db.update(users).set({ role: "user" }).where(eq(users.email, deputy.email));
    expect((await readCart(deputy, shopper.email)).statusCode).toBe(403);
    // Past the last page too, where the totals take a second query.
    const pastTheEnd = await context.app.inject({
      url: `/api/carts/${shopper.email}?offset=40`,
      headers: deputy.headers,
    });
    expect(pastTheEnd.statusCode).toBe(403);
  });

  it("answers an admin 404 for an unknown e-mail, and reads a cart whatever the e-mail's case", async () => {
    const shopper = await registerAccount(context.app);
    await add(shopper, await insertProduct(context.database.db), { quantity: 2 });
    expect((await readCart(admin, "nobody-here@shop.test")).statusCode).toBe(404);
    const shouted = await readCart(admin, shopper.email.toUpperCase());
    expect(shouted.statusCode).toBe(200);
    expect(shouted.json()).toEqual([expect.objectContaining({ quantity: 2, email: shopper.email })]);
    expect((await readCart(shopper, ` ${shopper.email.toUpperCase()}`)).statusCode).toBe(200);
  });

  it("keeps an add that was made when the session's extension then fails: 200, not an error for a stored line", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    await context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(twoDaysAgo + SESSION_EXPIRES_IN_SECONDS * 1000) })
      .where(eq(sessions.token, shopper.token.split(".")[0]!));
    const extension = vi
      .spyOn(context.app.auth.api, "getSession")
      .mockRejectedValueOnce(new Error("the extension failed"));
    try {
      const response = await add(shopper, productId, { quantity: 1 });
      expect(extension).toHaveBeenCalledTimes(1);
      expect(response.statusCode).toBe(200);
      expect(await linesInDatabase(productId)).toBe(1);
    } finally {
      extension.mockRestore();
    }
  });

  it("extends a session due for its daily extension, as the guards do", async () => {
    const shopper = await registerAccount(context.app);
    const token = shopper.token.split(".")[0]!;
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const aged = new Date(twoDaysAgo + SESSION_EXPIRES_IN_SECONDS * 1000);
    await context.database.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.token, token));

    expect((await readCart(shopper)).statusCode).toBe(200);
    const [stored] = await context.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.token, token));
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(aged.getTime() + 24 * 60 * 60 * 1000);
  });
});

describe("DELETE /api/cart/:cartLineId", () => {
  it("lets the owner delete a line; another shopper gets 404 and the line stays", async () => {
    const owner = await registerAccount(context.app);
    const intruder = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    const line = (await add(owner, productId, { quantity: 1 })).json() as CartLine;

    const refused = await context.app.inject({
      method: "DELETE",
      url: `/api/cart/${line._id}`,
      headers: intruder.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect((await readCart(owner)).json()).toHaveLength(1);

    const deleted = await context.app.inject({
      method: "DELETE",
      url: `/api/cart/${line._id}`,
      headers: owner.headers,
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await readCart(owner)).json()).toEqual([]);
  });

  it("lets an admin delete any line", async () => {
    const owner = await registerAccount(context.app);
    const line = (
      await add(owner, await insertProduct(context.database.db), { quantity: 1 })
    ).json() as CartLine;
    const response = await context.app.inject({
      method: "DELETE",
      url: `/api/cart/${line._id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
  });

  it("removes a deleted product's lines from every cart", async () => {
    const owner = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    await add(owner, productId, { quantity: 1 });
    await context.database.db.delete(products).where(eq(products.id, productId));
    expect((await readCart(owner)).json()).toEqual([]);
    const orphans = await context.database.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.productId, productId));
    expect(orphans).toEqual([]);
  });
});
