import { createHmac } from "node:crypto";
import { serializeSignedCookie } from "better-call";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "../../test/support/accounts";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { sessions } from "../db/schema";
import { SESSION_EXPIRES_IN_SECONDS } from "./auth";
import { sessionTokenOf } from "./session-lookup";

const SECRET = "a-secret-long-enough-for-the-unit-tests-0123";
const COOKIE = "shop.session_token";
const sign = (value: string, secret = SECRET) =>
  `${value}.${createHmac("sha256", secret).update(value).digest("base64")}`;

describe("sessionTokenOf", () => {
  it("verifies what better-call signs: its public cookie signer and our check agree (fails loudly if the format changes)", async () => {
    const header = await serializeSignedCookie(COOKIE, "token-from-the-library", SECRET);
    const cookie = header.split(";", 1)[0]!;
    expect(sessionTokenOf({ cookie }, COOKIE, SECRET)).toBe("token-from-the-library");
    const bearer = decodeURIComponent(cookie.slice(COOKIE.length + 1));
    expect(sessionTokenOf({ authorization: `Bearer ${bearer}` }, COOKIE, SECRET)).toBe(
      "token-from-the-library",
    );
    expect(sessionTokenOf({ cookie }, COOKIE, `${SECRET}-other`)).toBe(false);
  });

  it("refuses a bare bearer token: without its signature it is worth nothing", () => {
    expect(sessionTokenOf({ authorization: "Bearer abc123" }, COOKIE, SECRET)).toBe(false);
    expect(sessionTokenOf({ authorization: `bearer ${sign("abc123")}` }, COOKIE, SECRET)).toBe("abc123");
  });

  it("checks the signature of a signed bearer token and of the cookie", () => {
    expect(sessionTokenOf({ authorization: `Bearer ${sign("abc")}` }, COOKIE, SECRET)).toBe("abc");
    expect(
      sessionTokenOf({ cookie: `other=1; ${COOKIE}=${encodeURIComponent(sign("abc"))}` }, COOKIE, SECRET),
    ).toBe("abc");
  });

  it.each([
    ["another secret", sign("abc", "another-secret-that-is-also-long-enough-42")],
    ["a changed value", sign("abc").replace(/^abc/, "abd")],
    ["a cut signature", sign("abc").slice(0, -2)],
    ["no value", sign("abc").slice(3)],
  ])("refuses a token signed with %s", (_, token) => {
    expect(sessionTokenOf({ authorization: `Bearer ${token}` }, COOKIE, SECRET)).toBe(false);
    expect(sessionTokenOf({ cookie: `${COOKIE}=${encodeURIComponent(token)}` }, COOKIE, SECRET)).toBe(false);
  });

  it("keeps a good signature's verdict for its own secret only: the same token is refused under another secret, and with one changed signature character", () => {
    const token = sign("kept-token");
    const header = { authorization: `Bearer ${token}` };
    expect(sessionTokenOf(header, COOKIE, SECRET)).toBe("kept-token");
    expect(sessionTokenOf(header, COOKIE, SECRET)).toBe("kept-token");
    expect(sessionTokenOf(header, COOKIE, `${SECRET}-other`)).toBe(false);
    const signatureStart = token.lastIndexOf(".") + 1;
    const changed = `${token.slice(0, signatureStart)}${token[signatureStart] === "A" ? "B" : "A"}${token.slice(signatureStart + 1)}`;
    expect(sessionTokenOf({ authorization: `Bearer ${changed}` }, COOKIE, SECRET)).toBe(false);
  });

  it("ignores an unsigned cookie, other schemes and other cookies", () => {
    expect(sessionTokenOf({ cookie: `${COOKIE}=abc` }, COOKIE, SECRET)).toBe(false);
    expect(sessionTokenOf({ authorization: "Basic abc" }, COOKIE, SECRET)).toBeNull();
    expect(sessionTokenOf({ cookie: `x${COOKIE}=${sign("abc")}` }, COOKIE, SECRET)).toBeNull();
    expect(sessionTokenOf({}, COOKIE, SECRET)).toBeNull();
  });
});

describe("readSession on a live app", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const storedExpiry = async (token: string) => {
    const [row] = await context.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.token, token.split(".")[0]!));
    return row?.expiresAt;
  };

  it("extends a session once it is a day old, as Better Auth does, and not before", async () => {
    const account = await registerAccount(context.app);
    const token = account.token.split(".")[0]!;
    const fresh = await storedExpiry(token);
    const profile = () =>
      context.app.inject({ url: `/api/admin/${account.email}`, headers: account.headers });

    expect((await profile()).statusCode).toBe(200);
    expect(await storedExpiry(token)).toEqual(fresh);

    // Make the session look two days old: due for its daily extension.
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const aged = new Date(twoDaysAgo + SESSION_EXPIRES_IN_SECONDS * 1000);
    await context.database.db.update(sessions).set({ expiresAt: aged }).where(eq(sessions.token, token));
    expect((await profile()).statusCode).toBe(200);
    const extended = await storedExpiry(token);
    expect(extended!.getTime()).toBeGreaterThan(aged.getTime() + 24 * 60 * 60 * 1000);
  });

  it("answers 401 for a session past its expiry", async () => {
    const account = await registerAccount(context.app);
    const token = account.token.split(".")[0]!;
    await context.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token));
    const response = await context.app.inject({
      url: `/api/admin/${account.email}`,
      headers: account.headers,
    });
    expect(response.statusCode).toBe(401);
  });
});
