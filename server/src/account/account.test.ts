import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  latestMailLink,
  registerAccount,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  type TestAccount,
} from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { checkOutNewProduct } from "../../test/support/orders";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { cartLines, mails, orders, profiles, users } from "../db/schema";
import { DELETED_ACCOUNT } from "./service";

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const post = (account: TestAccount, url: string, payload: object) =>
  context.app.inject({ method: "POST", url, headers: account.headers, payload });
const cartStatus = async (account: TestAccount) =>
  (await context.app.inject({ url: `/api/carts/${account.email}`, headers: account.headers })).statusCode;

describe("change password", () => {
  it("needs the current password and ends the other sessions", async () => {
    const here = await registerAccount(context.app, uniqueEmail("changer"));
    const elsewhere = await signIn(context.app, here.email);
    const wrong = await post(here, "/api/auth/change-password", {
      currentPassword: "not-my-password-1",
      newPassword: "copper-kettle-77",
      revokeOtherSessions: true,
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await post(here, "/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "copper-kettle-77",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await cartStatus(elsewhere)).toBe(401);
    expect((await signIn(context.app, here.email, "copper-kettle-77")).token).toEqual(expect.any(String));
  });
});

describe("signed-in devices", () => {
  it("lists the sessions and signs out everywhere else", async () => {
    const here = await registerAccount(context.app, uniqueEmail("devices"));
    const phone = await signIn(context.app, here.email);
    const listed = await context.app.inject({ url: "/api/auth/list-sessions", headers: here.headers });
    expect(listed.json()).toHaveLength(2);
    expect((await post(here, "/api/auth/revoke-other-sessions", {})).statusCode).toBe(200);
    expect(await cartStatus(phone)).toBe(401);
    expect(await cartStatus(here)).toBe(200);
  });
});

describe("change e-mail", () => {
  it("changes the address only once the new address confirms it", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("mover"));
    const newEmail = uniqueEmail("moved");
    const asked = await post(shopper, "/api/auth/change-email", { newEmail, callbackURL: "/dashboard" });
    expect(asked.statusCode).toBe(200);
    const [stillOld] = await context.database.db.select().from(users).where(eq(users.email, shopper.email));
    expect(stillOld).toBeDefined();

    const link = await latestMailLink(context.app, newEmail, "change-email");
    const opened = await context.app.inject({
      url: `${link.pathname}${link.search}`,
      headers: shopper.headers,
    });
    expect(opened.statusCode).toBe(302);
    const [moved] = await context.database.db.select().from(users).where(eq(users.email, newEmail));
    expect(moved).toMatchObject({ id: stillOld!.id, emailVerified: true });
  });
});

describe("delete my account", () => {
  it("needs the password; takes sessions, cart and profile; keeps orders without personal data", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("leaver"));
    const placed = await checkOutNewProduct(context.app, shopper);
    expect(placed.statusCode).toBe(201);
    await context.app.inject({
      method: "PUT",
      url: `/api/profile/${shopper.email}`,
      headers: shopper.headers,
      payload: { qualification: "BSc", city: "Dhaka", phone: "12345678" },
    });
    // Something left in the cart, to see it go.
    await context.app.inject({
      method: "PUT",
      url: `/api/cart/${await insertProduct(context.database.db)}`,
      headers: shopper.headers,
      payload: { quantity: 1 },
    });
    const [user] = await context.database.db.select().from(users).where(eq(users.email, shopper.email));
    expect(
      await context.database.db.select().from(cartLines).where(eq(cartLines.userId, user!.id)),
    ).toHaveLength(1);

    expect((await post(shopper, "/api/auth/delete-user", { password: "wrong-password-9" })).statusCode).toBe(
      400,
    );
    const deleted = await post(shopper, "/api/auth/delete-user", { password: TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);

    expect(await cartStatus(shopper)).toBe(401);
    const db = context.database.db;
    expect(await db.select().from(users).where(eq(users.id, user!.id))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.userId, user!.id))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, user!.id))).toEqual([]);
    expect(await db.select().from(mails).where(eq(mails.recipient, shopper.email))).toEqual([]);
    const [kept] = await db.select().from(orders).where(eq(orders.id, placed.json()._id));
    expect(kept).toMatchObject({
      userId: null,
      email: DELETED_ACCOUNT,
      deliveryName: DELETED_ACCOUNT,
      deliveryAddress: DELETED_ACCOUNT,
      deliveryCity: DELETED_ACCOUNT,
      deliveryPhone: DELETED_ACCOUNT,
      totalCents: 5000,
    });
  });
});
