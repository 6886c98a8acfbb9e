import { Writable } from "node:stream";
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
import { createTestApp, testConfig, type TestContext } from "../../test/support/test-app";
import { openTestDatabase } from "../../test/support/test-database";
import { buildApp } from "../app";
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

describe("change e-mail to an address someone registered meanwhile", () => {
  let watched: TestContext & { logLines: { level: number; msg: string }[] };

  beforeAll(async () => {
    const logLines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      authSecret: "test-secret-that-is-long-enough-0123456789",
      logger: { level: "info", stream },
    });
    await app.ready();
    watched = {
      app,
      database,
      logLines,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(() => watched.close());

  it("answers 409 with a page saying the address belongs to another account, changes nothing and logs no error", async () => {
    const { app } = watched;
    const mover = await registerAccount(app, uniqueEmail("mover"));
    const newEmail = uniqueEmail("taken");
    const asked = await app.inject({
      method: "POST",
      url: "/api/auth/change-email",
      headers: mover.headers,
      payload: { newEmail, callbackURL: "/dashboard/account" },
    });
    expect(asked.statusCode).toBe(200);
    const link = await latestMailLink(app, newEmail, "change-email");
    const other = await registerAccount(app, newEmail, "Someone Else");
    const errorsBefore = watched.logLines.filter((line) => line.level >= 50).length;

    for (const accept of ["text/html,application/xhtml+xml", "application/json"]) {
      const opened = await app.inject({
        url: `${link.pathname}${link.search}`,
        headers: { ...mover.headers, accept },
      });
      expect(opened.statusCode, accept).toBe(409);
      expect(opened.body).toContain("This address now belongs to another account");
      if (accept.startsWith("text/html")) {
        expect(opened.headers["content-type"]).toMatch(/^text\/html/);
        expect(opened.body).toContain('href="/dashboard/account"');
      } else {
        expect(opened.headers["content-type"]).toMatch(/^application\/problem\+json/);
      }
    }

    const db = watched.database.db;
    const [moverRow] = await db.select().from(users).where(eq(users.email, mover.email));
    const [otherRow] = await db.select().from(users).where(eq(users.email, newEmail));
    expect(moverRow).toBeDefined();
    expect(otherRow?.name).toBe("Someone Else");
    expect((await app.inject({ url: `/api/carts/${mover.email}`, headers: mover.headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: `/api/carts/${other.email}`, headers: other.headers })).statusCode).toBe(
      200,
    );
    expect(watched.logLines.filter((line) => line.level >= 50).slice(errorsBefore)).toEqual([]);
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
