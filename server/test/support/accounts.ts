import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { App } from "../../src/app";
import { mails } from "../../src/db/schema";
import type { MailKind } from "../../src/mail/mail-kinds";
import { linkOf } from "../../src/mail/templates";

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

/**
 * Registers through Better Auth's endpoint and returns the session it opened. The address is
 * verified the way a shopper does it, by opening the link of the mail sign-up put in the outbox
 * (checkout and ADMIN_EMAILS need it), unless `verified: false`.
 */
export async function registerAccount(
  app: App,
  email = uniqueEmail(),
  name = "Test Shopper",
  { verified = true }: { verified?: boolean } = {},
): Promise<TestAccount> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { name, email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const account = accountFrom(response, email, name);
  if (verified) await verifyThroughOutbox(app, email);
  return account;
}

/** The link of the newest mail of this kind to this address, read from the outbox. */
export async function latestMailLink(app: App, email: string, kind: MailKind): Promise<URL> {
  const [row] = await app.database.db
    .select()
    .from(mails)
    .where(and(eq(mails.recipient, email.toLowerCase()), eq(mails.kind, kind)))
    .orderBy(desc(mails.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${kind} mail to ${email} in the outbox`);
  return new URL(linkOf({ kind: row.kind, data: row.data } as never, { baseUrl: app.config.baseUrl }));
}

/** Opens the verification link of the sign-up mail, as the shopper's mail client would. */
export async function verifyThroughOutbox(app: App, email: string): Promise<void> {
  const link = await latestMailLink(app, email, "verify-email");
  const response = await app.inject({ url: `${link.pathname}${link.search}` });
  if (response.statusCode >= 400) {
    throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
  }
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
