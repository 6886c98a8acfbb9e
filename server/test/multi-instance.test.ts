import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../src/app";
import { registerAccount, TEST_PASSWORD, uniqueEmail } from "./support/accounts";
import { buildSecondInstance, createTestApp, type TestContext } from "./support/test-app";

// Redis runs on every machine of this project and in CI (see the limiter's own tests).
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ATTEMPTS_PER_EMAIL = 4;

/**
 * Two instances behind one load balancer: one database (PGlite shared in-process here, the
 * PostgreSQL server in the server-postgres project) and one Redis for the rate limits.
 */
let first: TestContext;
let second: App;

beforeAll(async () => {
  const rateLimits = { authPerEmailAndAddress: { max: ATTEMPTS_PER_EMAIL, windowMs: 60_000 } };
  first = await createTestApp({ config: { redisUrl: REDIS_URL }, rateLimits });
  second = await buildSecondInstance(first, { config: { redisUrl: REDIS_URL }, rateLimits });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const wrongSignIn = (app: App, email: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password: `${TEST_PASSWORD}-wrong` },
  });

describe("two instances", () => {
  it("count sign-in attempts for one e-mail together: the limit holds across both", async () => {
    const { email } = await registerAccount(first.app, uniqueEmail("limited"));
    // The sign-up was the first attempt for this address; the rest alternate between instances.
    const statuses = [];
    for (let attempt = 1; attempt < ATTEMPTS_PER_EMAIL; attempt++) {
      statuses.push((await wrongSignIn(attempt % 2 === 0 ? first.app : second, email)).statusCode);
    }
    expect(statuses).toEqual(Array(ATTEMPTS_PER_EMAIL - 1).fill(401));
    for (const app of [first.app, second]) {
      const refused = await wrongSignIn(app, email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toBe("Too many attempts. Try again later.");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("share sessions: one made on the first works on the second, and sign-out on one ends it on both", async () => {
    const shopper = await registerAccount(first.app);
    const readCart = (app: App) =>
      app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers });
    expect((await readCart(second)).statusCode).toBe(200);

    const signOut = await second.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: shopper.headers,
    });
    expect(signOut.statusCode).toBe(200);
    expect((await readCart(first.app)).statusCode).toBe(401);
    expect((await readCart(second)).statusCode).toBe(401);
  });
});
