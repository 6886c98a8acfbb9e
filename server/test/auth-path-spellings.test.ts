import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { registerAccount, TEST_PASSWORD, uniqueEmail } from "./support/accounts";
import { listenOnFreePort, rawRequest } from "./support/raw-http";
import { createTestApp, type TestContext } from "./support/test-app";

/**
 * Issue 15, finding 1: the guards once chose their checks from the path as sent, while Better Auth
 * acted on the normalised URL, so another spelling of a path reached Better Auth unguarded. Each
 * spelling here goes over a real socket, byte for byte (app.inject would normalise it first).
 */
const ATTEMPTS_PER_EMAIL_AND_ADDRESS = 4;

let context: TestContext;
let port: number;

beforeAll(async () => {
  context = await createTestApp({
    rateLimits: { authPerEmailAndAddress: { max: ATTEMPTS_PER_EMAIL_AND_ADDRESS, windowMs: 60_000 } },
  });
  port = await listenOnFreePort(context.app);
});
afterAll(() => context.close());

/** Every way found (and a few more) to spell `/api/auth/<endpoint>` so that it normalises to it. */
function spellingsOf(endpoint: string): string[] {
  const [first = "", ...rest] = endpoint.split("/");
  const tail = rest.join("/");
  return [
    `/api/auth/./${endpoint}`,
    `/api/auth/x/%2e%2e/${endpoint}`,
    `/api/auth/x/%2E%2E/${endpoint}`,
    `/api/auth/x/../${endpoint}`,
    `/api/auth/${endpoint}#fragment`,
    `/api/auth/${first}\\${tail}`,
    `/api/auth//${endpoint}`,
    `/api/auth/${first}/./${tail}`,
    `/api/auth/${first}%2f${tail}`,
    `http://127.0.0.1:${port}/api/auth/${endpoint}`,
  ].filter((spelling) => !spelling.endsWith("\\"));
}

/** Better Auth's endpoints that change something, each with a body that would pass its own checks. */
const WRITING_ENDPOINTS = [
  "sign-up/email",
  "sign-in/email",
  "sign-out",
  "update-user",
  "change-password",
  "change-email",
  "delete-user",
  "request-password-reset",
  "reset-password",
  "send-verification-email",
  "revoke-session",
  "revoke-sessions",
  "revoke-other-sessions",
  "link-social",
  "unlink-account",
  "update-session",
];

describe("a path that is not in its plain form", () => {
  it.each(WRITING_ENDPOINTS)("is refused with 400 before it reaches POST /api/auth/%s", async (endpoint) => {
    const account = await registerAccount(context.app);
    for (const spelling of spellingsOf(endpoint)) {
      const response = await rawRequest(port, "POST", spelling, {
        body: JSON.stringify({ name: "x".repeat(3000), image: "javascript:alert(1)", newPassword: "123456" }),
        headers: { authorization: account.headers.authorization },
      });
      expect({ spelling, status: response.status }).toEqual({ spelling, status: 400 });
      expect(response.headers["content-type"]).toContain("application/problem+json");
    }
    // Nothing the refused requests carried was stored.
    const [stored] = await context.database.db.select().from(users).where(eq(users.email, account.email));
    expect(stored).toMatchObject({ name: account.name, image: null });
  });

  it("is refused for a sign-up with a weak password, and no account is created", async () => {
    const email = uniqueEmail("weak");
    for (const spelling of spellingsOf("sign-up/email")) {
      const response = await rawRequest(port, "POST", spelling, {
        body: JSON.stringify({ name: "Mallory", email, password: "123456" }),
      });
      expect({ spelling, status: response.status }).toEqual({ spelling, status: 400 });
    }
    const created = await context.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toEqual([]);
  });

  it("is refused for reads as well, and the plain path still answers", async () => {
    const plain = await rawRequest(port, "GET", "/api/products?limit=1");
    expect(plain.status).toBe(200);
    for (const spelling of ["/api/./products", "/api/x/../products", "/api/products/%2e%2e/products"]) {
      expect((await rawRequest(port, "GET", spelling)).status).toBe(400);
    }
  });
});

describe("Better Auth's own hook (the second layer)", () => {
  it("guards the endpoint Better Auth matched, however the path handed to it is spelt", async () => {
    const email = uniqueEmail("second-layer");
    // Straight to Better Auth's handler, past the plain-path check: only the hook stands between.
    for (const spelling of [
      "/api/auth/./sign-up/email",
      "/api/auth/x/../sign-up/email",
      "/api/auth/x/%2e%2e/sign-up/email",
    ]) {
      const request = new Request(new URL(spelling, context.app.config.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Mallory", email, password: "123456" }),
      });
      await expect(context.app.auth.handler(request)).rejects.toMatchObject({
        status: 400,
        errors: { password: "This password is too common. Choose one that is harder to guess." },
      });
    }
    expect(await context.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});

describe("the sign-in lockout", () => {
  it("counts every spelling of sign-in against one e-mail and address: no more password checks than allowed", async () => {
    const account = await registerAccount(context.app);
    const wrongPassword = JSON.stringify({ email: account.email, password: "not-the-password" });
    const spellings = ["/api/auth/sign-in/email", ...spellingsOf("sign-in/email")];
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (const spelling of spellings) {
        statuses.push((await rawRequest(port, "POST", spelling, { body: wrongPassword })).status);
      }
    }
    const passwordChecks = statuses.filter((status) => status === 401).length;
    console.log(
      `[lockout] ${statuses.length} wrong passwords through ${spellings.length} spellings: ` +
        `${passwordChecks} checked (401), ${statuses.filter((s) => s === 429).length} locked out (429), ` +
        `${statuses.filter((s) => s === 400).length} refused as not plain (400)`,
    );
    // The sign-up was the first attempt for this e-mail from this address.
    expect(passwordChecks).toBe(ATTEMPTS_PER_EMAIL_AND_ADDRESS - 1);
    expect(statuses.every((status) => [400, 401, 429].includes(status))).toBe(true);
    // Locked out now, even with the right password, from this address.
    const right = await rawRequest(port, "POST", "/api/auth/sign-in/email", {
      body: JSON.stringify({ email: account.email, password: TEST_PASSWORD }),
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });
});
