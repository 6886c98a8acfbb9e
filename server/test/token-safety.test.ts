import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serializeSignedCookie } from "better-call";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app";
import { sessions } from "../src/db/schema";
import { registerAccount, type TestAccount } from "./support/accounts";
import { createTestApp, testConfig, type TestContext } from "./support/test-app";

// Session tokens as the shop hands them out: `<session token>.<HMAC of it under the auth secret>`,
// in the `set-auth-token` header (the SPA's bearer token) and in the signed session cookie.
// Elsewhere: auth.test.ts covers sign-out revoking a token, a token with its last characters
// replaced, garbage and empty bearer tokens, and the cookie's httpOnly and SameSite=Lax.

const OTHER_SECRET = "another-shops-secret-that-is-long-enough-9876543210";

let context: TestContext;
/** A second shop on the same database with another auth secret: its sessions are real rows. */
let foreign: App;
let foreignDataDir: string;

beforeAll(async () => {
  context = await createTestApp();
  foreignDataDir = await mkdtemp(path.join(tmpdir(), "shop-data-"));
  foreign = await buildApp({
    config: testConfig({ dataDir: foreignDataDir }),
    database: context.database,
    authSecret: OTHER_SECRET,
  });
  await foreign.ready();
});
afterAll(async () => {
  await foreign.close();
  await context.close();
  await rm(foreignDataDir, { recursive: true, force: true });
});

/** `<token>.<signature>` as the shop signed it (the header value may be URL-encoded). */
function partsOf(account: TestAccount) {
  const signed = decodeURIComponent(account.token);
  const [token = "", signature = ""] = signed.split(".");
  return { signed, token, signature };
}

function cookieName(account: TestAccount) {
  return account.cookie.split("=", 1)[0]!;
}

/** The same string with one character replaced by another of the same kind. */
function changeOneCharacter(value: string, index = Math.floor(value.length / 2)) {
  const original = value[index];
  const replacement = original === "A" ? "B" : "A";
  return `${value.slice(0, index)}${replacement}${value.slice(index + 1)}`;
}

async function signWith(secret: string, token: string) {
  return decodeURIComponent((await serializeSignedCookie("", token, secret)).replace(/^=/, ""));
}

/** A protected route: the caller's own cart. */
function readCart(app: App, account: TestAccount, headers: Record<string, string>) {
  return app.inject({ method: "GET", url: `/api/carts/${account.email}`, headers });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("a genuine session", () => {
  it("opens the protected route by bearer token and by cookie (so the 401s below mean something)", async () => {
    const account = await registerAccount(context.app);
    expect((await readCart(context.app, account, account.headers)).statusCode).toBe(200);
    expect((await readCart(context.app, account, { cookie: account.cookie })).statusCode).toBe(200);
  });
});

describe("a tampered bearer token gets 401", () => {
  it.each([
    [
      "one character of the session token changed",
      (parts: ReturnType<typeof partsOf>) => `${changeOneCharacter(parts.token)}.${parts.signature}`,
    ],
    [
      "one character of the signature changed",
      (parts: ReturnType<typeof partsOf>) => `${parts.token}.${changeOneCharacter(parts.signature, 0)}`,
    ],
    ["the signature left off (the bare session token)", (parts: ReturnType<typeof partsOf>) => parts.token],
  ])("%s", async (_, tamper) => {
    const account = await registerAccount(context.app);
    const response = await readCart(context.app, account, bearer(tamper(partsOf(account))));
    expect(response.statusCode).toBe(401);
  });
});

describe("a tampered session cookie gets 401", () => {
  it.each([
    [
      "a wrong signature",
      (parts: ReturnType<typeof partsOf>) => `${parts.token}.${changeOneCharacter(parts.signature, 0)}`,
    ],
    ["no signature", (parts: ReturnType<typeof partsOf>) => parts.token],
    [
      "one character of the session token changed",
      (parts: ReturnType<typeof partsOf>) => `${changeOneCharacter(parts.token)}.${parts.signature}`,
    ],
  ])("%s", async (_, tamper) => {
    const account = await registerAccount(context.app);
    const cookie = `${cookieName(account)}=${encodeURIComponent(tamper(partsOf(account)))}`;
    const response = await readCart(context.app, account, { cookie });
    expect(response.statusCode).toBe(401);
  });
});

describe("a foreign token gets 401", () => {
  it("refuses random tokens, signed or not", async () => {
    const account = await registerAccount(context.app);
    const random = randomBytes(24).toString("base64url");
    for (const token of [random, `${random}.${randomBytes(32).toString("base64url")}`]) {
      expect((await readCart(context.app, account, bearer(token))).statusCode).toBe(401);
      const cookie = `${cookieName(account)}=${encodeURIComponent(token)}`;
      expect((await readCart(context.app, account, { cookie })).statusCode).toBe(401);
    }
  });

  it("refuses a live session token signed with another secret", async () => {
    const account = await registerAccount(context.app);
    const resigned = await signWith(OTHER_SECRET, partsOf(account).token);
    expect(resigned).not.toBe(partsOf(account).signed);
    expect((await readCart(context.app, account, bearer(resigned))).statusCode).toBe(401);
    const cookie = `${cookieName(account)}=${encodeURIComponent(resigned)}`;
    expect((await readCart(context.app, account, { cookie })).statusCode).toBe(401);
  });

  it("refuses the sessions of a shop with another secret, even on the same database", async () => {
    const stranger = await registerAccount(foreign);
    // The other shop accepts its own session, so the row exists and is valid there.
    expect((await readCart(foreign, stranger, stranger.headers)).statusCode).toBe(200);
    expect((await readCart(context.app, stranger, stranger.headers)).statusCode).toBe(401);
    expect((await readCart(context.app, stranger, { cookie: stranger.cookie })).statusCode).toBe(401);
  });
});

describe("an expired session gets 401", () => {
  it("refuses the bearer token and the cookie once expires_at has passed", async () => {
    const account = await registerAccount(context.app);
    expect((await readCart(context.app, account, account.headers)).statusCode).toBe(200);
    const expired = await context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, partsOf(account).token))
      .returning({ id: sessions.id });
    expect(expired).toHaveLength(1);
    expect((await readCart(context.app, account, account.headers)).statusCode).toBe(401);
    expect((await readCart(context.app, account, { cookie: account.cookie })).statusCode).toBe(401);
  });
});
