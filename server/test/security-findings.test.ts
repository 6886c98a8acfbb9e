import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_EMAIL,
  registerAccount,
  registerCallers,
  TEST_PASSWORD,
  uniqueEmail,
} from "./support/accounts";
import { insertProduct } from "./support/catalogue";
import { multipartFile } from "./support/multipart";
import { createTestApp, type TestContext } from "./support/test-app";

/** Issue 15's findings 2, 5, 6 and 7, each shown failing on the code before the fix. */
let context: TestContext;
let callers: Awaited<ReturnType<typeof registerCallers>>;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: [ADMIN_EMAIL] } });
  callers = await registerCallers(context.app);
});
afterAll(() => context.close());

describe("changing a password (finding 2)", () => {
  const change = (headers: Record<string, string>, newPassword: string) =>
    context.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword },
    });

  it.each([
    ["123456", "This password is too common. Choose one that is harder to guess."],
    ["abc12", "Password Must be 6 characters or longer"],
    ["x".repeat(129), "Password must be at most 128 characters"],
  ])(
    "refuses %s with the sign-up policy's message, and the old password still works",
    async (weak, message) => {
      const account = await registerAccount(context.app);
      const response = await change(account.headers, weak);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.newPassword).toBe(message);
      const signIn = await context.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: account.email, password: TEST_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
    },
  );

  it("accepts a strong one", async () => {
    const account = await registerAccount(context.app);
    expect((await change(account.headers, "amber-lighthouse-97")).statusCode).toBe(200);
  });

  it("limits guesses of the current password in one session", async () => {
    const limited = await createTestApp({
      rateLimits: { passwordChecksPerSession: { max: 3, windowMs: 60_000 } },
    });
    try {
      const account = await registerAccount(limited.app);
      const guess = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/change-password",
          headers: account.headers,
          payload: { currentPassword: "a-wrong-guess", newPassword: "amber-lighthouse-97" },
        });
      const statuses = [];
      for (let attempt = 0; attempt < 5; attempt++) statuses.push((await guess()).statusCode);
      expect(statuses.slice(0, 3).every((status) => status >= 400 && status < 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("malformed requests (finding 5)", () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

  it.each(["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/update-user", "/api/orders"])(
    "answers JSON nested 8,000 levels deep to POST %s with a 400",
    async (url) => {
      const response = await context.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", ...callers.ann.headers },
        payload: nested(8000),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/nested more than 32 levels/);
    },
  );

  it("still takes ordinary JSON, and JSON nested as deep as the limit", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "nobody@shop.test", password: "x", extra: JSON.parse(nested(30)) }),
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers an upload whose PNG header is valid but whose pixel data is corrupt with a 400, and stores nothing", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a6" } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    // Keep every chunk's frame intact; scramble the compressed pixel data inside IDAT.
    const corrupt = Buffer.from(png);
    const idat = corrupt.indexOf("IDAT");
    const length = corrupt.readUInt32BE(idat - 4);
    for (let index = idat + 8; index < idat + 4 + length; index++) corrupt[index] = (index * 7) & 0xff;
    const upload = multipartFile("broken.png", "image/png", corrupt);
    const response = await context.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: upload.payload,
      headers: { ...upload.headers, ...callers.admin.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.file).toMatch(/damaged/);
  });
});

describe("personal answers (finding 6)", () => {
  it("are sent with Cache-Control: no-store; the public catalogue's are not", async () => {
    const { ann } = callers;
    const productId = await insertProduct(context.database.db);
    const personal = [
      { method: "PUT" as const, url: `/api/user/${ann.email}` },
      { method: "GET" as const, url: `/api/admin/${ann.email}` },
      { method: "GET" as const, url: `/api/carts/${ann.email}` },
      { method: "PUT" as const, url: `/api/cart/${productId}`, payload: { quantity: 1 } },
      { method: "GET" as const, url: `/api/updateprofile/${ann.email}` },
      { method: "GET" as const, url: "/api/orders" },
      { method: "GET" as const, url: "/api/auth/get-session" },
    ];
    for (const call of personal) {
      const response = await context.app.inject({ ...call, headers: ann.headers });
      expect({
        url: call.url,
        status: response.statusCode < 300,
        cache: response.headers["cache-control"],
      }).toEqual({
        url: call.url,
        status: true,
        cache: expect.stringContaining("no-store"),
      });
    }
    const catalogue = await context.app.inject({ url: "/api/products?limit=2", headers: ann.headers });
    expect(catalogue.headers["cache-control"]).toBeUndefined();
    expect(catalogue.headers.etag).toBeDefined();
  });
});

describe("the sign-in lockout (finding 7)", () => {
  const attempt = (
    app: TestContext["app"],
    email: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress,
      headers,
      payload: { email, password: "not-the-password" },
    });

  it("locks a guesser's address out, not the owner: the owner signs in from another address", async () => {
    const limited = await createTestApp({
      rateLimits: {
        authPerEmailAndAddress: { max: 3, windowMs: 60_000 },
        authPerEmail: { max: 8, windowMs: 60_000 },
      },
    });
    try {
      const account = await registerAccount(limited.app, uniqueEmail("victim"));
      const statuses = [];
      for (let index = 0; index < 6; index++)
        statuses.push((await attempt(limited.app, account.email, "203.0.113.9")).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      const owner = await limited.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: "198.51.100.20",
        payload: { email: account.email, password: TEST_PASSWORD },
      });
      expect(owner.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("stops many addresses together at the per-e-mail ceiling", async () => {
    const limited = await createTestApp({
      rateLimits: {
        authPerEmailAndAddress: { max: 3, windowMs: 60_000 },
        authPerEmail: { max: 5, windowMs: 60_000 },
      },
    });
    try {
      const email = uniqueEmail("ceiling");
      const statuses = [];
      for (let index = 0; index < 7; index++)
        statuses.push((await attempt(limited.app, email, `203.0.113.${index + 1}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("believes X-Forwarded-For only with TRUST_PROXY: without it one proxy address is one client", async () => {
    const rateLimits = { authPerEmailAndAddress: { max: 2, windowMs: 60_000 } };
    const direct = await createTestApp({ rateLimits });
    const proxied = await createTestApp({ rateLimits, config: { trustProxy: ["127.0.0.1"] } });
    try {
      const email = uniqueEmail("proxied");
      const throughProxy = async (app: TestContext["app"]) => {
        const statuses = [];
        for (let index = 0; index < 3; index++) {
          const response = await attempt(app, email, "127.0.0.1", {
            "x-forwarded-for": `198.51.100.${index + 1}`,
          });
          statuses.push(response.statusCode);
        }
        return statuses;
      };
      // Untrusted: the header is ignored, so a client cannot pick a fresh address per attempt.
      expect(await throughProxy(direct.app)).toEqual([401, 401, 429]);
      // Trusted: each forwarded client has its own allowance.
      expect(await throughProxy(proxied.app)).toEqual([401, 401, 401]);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });
});

describe("the write limit", () => {
  it("answers 429 with Retry-After once a session has written too often; other sessions and reads go on", async () => {
    const limited = await createTestApp({ rateLimits: { writes: { max: 4, windowMs: 60_000 } } });
    try {
      const ann = await registerAccount(limited.app, uniqueEmail("ann"));
      const bob = await registerAccount(limited.app, uniqueEmail("bob"));
      const productId = await insertProduct(limited.database.db);
      const add = (headers: Record<string, string>) =>
        limited.app.inject({
          method: "PUT",
          url: `/api/cart/${productId}`,
          headers,
          payload: { quantity: 1 },
        });
      const statuses = [];
      for (let index = 0; index < 6; index++) statuses.push((await add(ann.headers)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      const refused = await add(ann.headers);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ status: 429, title: "Too Many Requests" });
      expect((await add(bob.headers)).statusCode).toBe(200);
      const cart = await limited.app.inject({ url: `/api/carts/${ann.email}`, headers: ann.headers });
      expect(cart.statusCode).toBe(200);
      expect(cart.json()[0].quantity).toBe(4);
    } finally {
      await limited.close();
    }
  });
});

describe("the stored user", () => {
  it("keeps its name and picture within the shop's rules whatever path writes them", async () => {
    const account = await registerAccount(context.app);
    const auth = context.app.auth;
    const context_ = await auth.$context;
    await context_.internalAdapter.updateUser(
      (await context_.internalAdapter.findUserByEmail(account.email))!.user.id,
      {
        name: `<b>${"n".repeat(500)}</b>`,
        image: "javascript:alert(1)",
      },
    );
    const updated = (await context_.internalAdapter.findUserByEmail(account.email))!.user;
    expect(updated.name).toHaveLength(80);
    expect(updated.image).toBeNull();
  });
});
