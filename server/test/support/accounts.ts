import { randomUUID } from "node:crypto";
import type { App } from "../../src/app";

export const TEST_PASSWORD = "violet-harbour-42";

export interface TestAccount {
  email: string;
  name: string;
  /** The bearer token SPEC's SPA keeps as `accesstoken`. */
  token: string;
  /** The session cookie a browser would send. */
  cookie: string;
  headers: { authorization: string };
}

export function uniqueEmail(prefix = "shopper") {
  return `${prefix}-${randomUUID().slice(0, 8)}@shop.test`;
}

/** Registers through Better Auth's endpoint and returns the session it opened. */
export async function registerAccount(
  app: App,
  email = uniqueEmail(),
  name = "Test Shopper",
): Promise<TestAccount> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { name, email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return accountFrom(response, email, name);
}

export async function signIn(app: App, email: string, password = TEST_PASSWORD): Promise<TestAccount> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return accountFrom(response, email, response.json().user.name);
}

function accountFrom(
  response: { headers: Record<string, unknown>; cookies: { name: string; value: string }[] },
  email: string,
  name: string,
): TestAccount {
  const token = String(response.headers["set-auth-token"]);
  const session = response.cookies.find((cookie) => cookie.name.endsWith("session_token"));
  if (!session) throw new Error("no session cookie");
  return {
    email,
    name,
    token,
    cookie: `${session.name}=${session.value}`,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** The callers of a permission matrix: two shoppers and an admin (list ADMIN_EMAIL in adminEmails). */
export type Caller = "anonymous" | "ann" | "bob" | "admin";
export const ADMIN_EMAIL = "chief@shop.test";

export async function registerCallers(app: App) {
  const accounts = {
    ann: await registerAccount(app, "ann@shop.test", "Ann"),
    bob: await registerAccount(app, "bob@shop.test", "Bob"),
    admin: await registerAccount(app, ADMIN_EMAIL, "Chief"),
  };
  const headersOf = (caller: Caller) => (caller === "anonymous" ? {} : accounts[caller].headers);
  return { ...accounts, headersOf };
}
