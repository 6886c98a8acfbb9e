import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  registerAccount,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  verifyThroughOutbox,
} from "../../test/support/accounts";
import { createTestApp, type TestContext } from "../../test/support/test-app";

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["boss@shop.test"] } });
});
afterAll(() => context.close());

const signUp = (payload: object) =>
  context.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload });

describe("sign-up", () => {
  it("creates a shopper with a session cookie that is httpOnly and SameSite=Lax, and a bearer token", async () => {
    const email = uniqueEmail();
    const response = await signUp({ name: "Ann", email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, name: "Ann", role: "user" });
    const cookie = response.cookies.find((candidate) => candidate.name.endsWith("session_token"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(response.headers["set-auth-token"]).toEqual(expect.any(String));
  });

  it("makes an ADMIN_EMAILS account an admin only once its address is verified, and ignores a role in the payload", async () => {
    const admin = await signUp({ name: "Boss", email: "boss@shop.test", password: TEST_PASSWORD });
    expect(admin.json().user.role).toBe("user");
    const headers = { authorization: `Bearer ${String(admin.headers["set-auth-token"])}` };
    expect((await context.app.inject({ url: "/api/admin/orders", headers })).statusCode).toBe(403);
    await verifyThroughOutbox(context.app, "boss@shop.test");
    expect((await context.app.inject({ url: "/api/admin/orders", headers })).statusCode).toBe(200);
    const sneaky = await signUp({
      name: "Eve",
      email: uniqueEmail("eve"),
      password: TEST_PASSWORD,
      role: "admin",
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().user.role).toBe("user");
  });

  it.each([
    [{ email: "a@shop.test", password: TEST_PASSWORD }, "name", "Name is Required"],
    [{ name: " ", email: "a@shop.test", password: TEST_PASSWORD }, "name", "Name is Required"],
    [{ name: "A", password: TEST_PASSWORD }, "email", "Email is Required"],
    [{ name: "A", email: "not-an-email", password: TEST_PASSWORD }, "email", "Provide a valid Email"],
    [{ name: "A", email: "a@shop.test" }, "password", "Password is Required"],
    [
      { name: "A", email: "a@shop.test", password: "abc12" },
      "password",
      "Password Must be 6 characters or longer",
    ],
    [
      { name: "A", email: "a@shop.test", password: "x".repeat(129) },
      "password",
      "Password must be at most 128 characters",
    ],
    [
      { name: "A", email: "a@shop.test", password: "Password1" },
      "password",
      "This password is too common. Choose one that is harder to guess.",
    ],
    [
      { name: "A", email: "a@shop.test", password: "qwerty123" },
      "password",
      "This password is too common. Choose one that is harder to guess.",
    ],
  ])("refuses %o with a message for %s", async (payload, field, message) => {
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().errors[field]).toBe(message);
  });

  it("refuses an e-mail that is taken, as a problem with the reason", async () => {
    const account = await registerAccount(context.app);
    const response = await signUp({ name: "Again", email: account.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().detail).toMatch(/already exists/i);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and refuses a wrong one with a problem", async () => {
    const account = await registerAccount(context.app);
    await expect(signIn(context.app, account.email)).resolves.toMatchObject({ email: account.email });
    const wrong = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: account.email, password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 401, detail: "Invalid email or password" });
  });

  it("revokes the session and its bearer token at once on sign-out", async () => {
    const account = await registerAccount(context.app);
    const tokenCall = { method: "PUT" as const, url: `/api/user/${account.email}`, headers: account.headers };
    expect((await context.app.inject(tokenCall)).statusCode).toBe(200);
    const signOut = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: account.headers,
    });
    expect(signOut.statusCode).toBe(200);
    expect((await context.app.inject(tokenCall)).statusCode).toBe(401);
  });

  it.each([
    ["a tampered token", (token: string) => `${token.slice(0, -2)}xx`],
    ["garbage", () => "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9."],
    ["an empty token", () => ""],
  ])("answers 401 for %s", async (_, mangle) => {
    const account = await registerAccount(context.app);
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/user/${account.email}`,
      headers: { authorization: `Bearer ${mangle(account.token)}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("rate limits on sign-in and sign-up", () => {
  it("answers 429 with Retry-After after too many attempts for one e-mail, and for one IP", async () => {
    const limited = await createTestApp({
      rateLimits: {
        authPerEmailAndAddress: { max: 3, windowMs: 60_000 },
        authPerAddress: { max: 6, windowMs: 60_000 },
      },
    });
    try {
      const attempt = (email: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email, password: "wrong-password" },
        });
      const statuses = [];
      for (let index = 0; index < 4; index++) statuses.push((await attempt("target@shop.test")).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const refused = await attempt("target@shop.test");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ status: 429, title: "Too Many Requests" });

      // Other e-mails from the same address: the IP limit (6) stops them too.
      const more = [];
      for (let index = 0; index < 3; index++)
        more.push((await attempt(`other${index}@shop.test`)).statusCode);
      expect(more).toEqual([401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("cross-origin writes", () => {
  it("refuses a state-changing request whose Origin is another site", async () => {
    const account = await registerAccount(context.app);
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/profile/${account.email}`,
      headers: { cookie: account.cookie, origin: "https://evil.example" },
      payload: { qualification: "BSc", city: "Oslo", phone: "12345678" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("GET /api/auth-providers", () => {
  it("offers Google only when it is configured", async () => {
    const response = await context.app.inject("/api/auth-providers");
    expect(response.json()).toEqual({ emailPassword: true, google: false });
    const withGoogle = await createTestApp({
      config: {
        google: {
          clientId: "id",
          clientSecret: "secret",
          discoveryUrl: "http://127.0.0.1:9/.well-known/openid-configuration",
        },
      },
    });
    try {
      expect((await withGoogle.app.inject("/api/auth-providers")).json()).toEqual({
        emailPassword: true,
        google: true,
      });
    } finally {
      await withGoogle.close();
    }
  });
});
