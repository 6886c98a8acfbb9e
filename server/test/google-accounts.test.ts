import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { registerAccount, type TestAccount } from "./support/accounts";
import { createTestApp, type TestContext } from "./support/test-app";

/**
 * Google sign-in and linking through the whole authorization-code flow against a local OpenID
 * server (issue 15, findings 3 and 8): the shop's own endpoints, the issuer's real authorize and
 * token endpoints, a signed ID token.
 */
let oidc: OAuth2Server;
let context: TestContext;
/** What "Google" says about the user in the ID token and at userinfo, per test. */
let claims: Record<string, unknown>;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(0, "127.0.0.1");
  oidc.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
  oidc.service.on("beforeUserinfo", (userinfo) => {
    userinfo.body = { ...(userinfo.body as object), ...claims };
  });
  context = await createTestApp({
    config: {
      google: {
        clientId: "shop-test-client",
        clientSecret: "shop-test-secret",
        discoveryUrl: `${oidc.issuer.url}/.well-known/openid-configuration`,
      },
    },
  });
});
afterAll(async () => {
  await context?.close();
  await oidc?.stop();
});

let sequence = 0;
beforeEach(() => {
  sequence += 1;
  claims = { sub: `google-user-${sequence}-${Date.now()}`, email_verified: true };
});

const cookieHeader = (cookies: { name: string; value: string }[]) =>
  cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

/** Follows "Google" from the shop's start answer to the shop's callback; answers the callback's answer. */
async function completeAtGoogle(start: { json(): unknown; cookies: { name: string; value: string }[] }) {
  const { url } = start.json() as { url: string };
  const authorize = await fetch(url, { redirect: "manual" });
  const callback = new URL(authorize.headers.get("location") ?? "");
  return context.app.inject({
    url: callback.pathname + callback.search,
    headers: { cookie: cookieHeader(start.cookies) },
  });
}

async function signInWithGoogle() {
  const start = await context.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/social",
    payload: { provider: "google", callbackURL: "/cart", errorCallbackURL: "/login" },
  });
  expect(start.statusCode).toBe(200);
  return completeAtGoogle(start);
}

async function linkGoogle(account: TestAccount) {
  const start = await context.app.inject({
    method: "POST",
    url: "/api/auth/link-social",
    headers: account.headers,
    payload: { provider: "google", callbackURL: "/dashboard" },
  });
  expect(start.statusCode).toBe(200);
  return completeAtGoogle(start);
}

const storedUser = async (email: string) =>
  (await context.database.db.select().from(users).where(eq(users.email, email)))[0];

const accountsOf = async (headers: Record<string, string>) => {
  const response = await context.app.inject({ url: "/api/auth/list-accounts", headers });
  return response.json() as { id: string; providerId: string }[];
};
const providersOf = async (account: TestAccount) =>
  (await accountsOf(account.headers)).map((entry) => entry.providerId).sort();

const unlinkGoogle = async (headers: Record<string, string>) =>
  context.app.inject({
    method: "POST",
    url: "/api/auth/unlink-account",
    headers,
    payload: {
      providerId: "google",
      // Better Auth's own id of the link (not Google's subject).
      accountId: (await accountsOf(headers)).find((entry) => entry.providerId === "google")?.id,
    },
  });

describe("a Google profile (finding 3)", () => {
  it("is stored within the shop's rules: a javascript: picture dropped, a long name with markup cut to 80", async () => {
    const email = `gina-${sequence}@gmail.test`;
    const longName = `<img src=x onerror=alert(1)>${"G".repeat(500)}`;
    claims = { ...claims, email, name: longName, picture: "javascript:alert(document.cookie)" };
    const callback = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/cart");
    const user = await storedUser(email);
    expect(user?.image).toBeNull();
    expect(user?.name).toBe(longName.slice(0, 80));
  });

  it("keeps an http(s) picture and a plain name as they are", async () => {
    const email = `gus-${sequence}@gmail.test`;
    claims = {
      ...claims,
      email,
      name: "Gus Google",
      picture: "https://lh3.googleusercontent.test/a/photo.jpg",
    };
    await signInWithGoogle();
    expect(await storedUser(email)).toMatchObject({
      name: "Gus Google",
      image: "https://lh3.googleusercontent.test/a/photo.jpg",
    });
  });
});

describe("Google for an e-mail that already has a password account (finding 8)", () => {
  it("refuses the sign-in with account_not_linked while the password account's address is unproven", async () => {
    // Whoever registered the address first may not own it: linking would hand them the account.
    const account = await registerAccount(context.app, undefined, undefined, { verified: false });
    claims = { ...claims, email: account.email, name: "Someone" };
    const callback = await signInWithGoogle();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^\/login\?error=account_not_linked/);
    expect(await providersOf(account)).toEqual(["credential"]);
  });

  it("links at sign-in once both the shop (the verification link) and Google have proven the address", async () => {
    const account = await registerAccount(context.app);
    claims = { ...claims, email: account.email, name: "Someone" };
    const callback = await signInWithGoogle();
    expect(callback.headers.location).toBe("/cart");
    expect(await providersOf(account)).toEqual(["credential", "google"]);
  });

  it("can be linked from the profile while signed in, then used to sign in, and unlinked again", async () => {
    const account = await registerAccount(context.app);
    claims = { ...claims, email: account.email, name: account.name };
    const linked = await linkGoogle(account);
    expect(linked.statusCode).toBe(302);
    expect(linked.headers.location).toBe("/dashboard");
    expect(await providersOf(account)).toEqual(["credential", "google"]);

    const signIn = await signInWithGoogle();
    expect(signIn.headers.location).toBe("/cart");
    expect(signIn.cookies.some((cookie) => cookie.name.endsWith("session_token"))).toBe(true);

    const unlink = await unlinkGoogle(account.headers);
    expect(unlink.statusCode).toBe(200);
    expect(await providersOf(account)).toEqual(["credential"]);
  });

  it("does not let a Google-only account unlink its one way in", async () => {
    const email = `only-google-${sequence}@gmail.test`;
    claims = { ...claims, email, name: "Only Google" };
    const callback = await signInWithGoogle();
    const session = callback.cookies.find((cookie) => cookie.name.endsWith("session_token"));
    const unlink = await unlinkGoogle({ cookie: `${session?.name}=${session?.value}` });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json().detail).toMatch(/last account/i);
  });
});
