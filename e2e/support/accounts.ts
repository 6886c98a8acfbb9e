import { randomInt } from "node:crypto";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/** Not in the server's common-password list, and long enough. */
export const TEST_PASSWORD = "violet-harbour-42";

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A fresh address matching SPEC's pattern (lowercase letters and digits, letters, 2–3 letter end). */
export function uniqueEmail(prefix = "shopper"): string {
  return `${prefix}${Date.now()
    .toString(36)
    .replace(/[^a-z0-9]/g, "")}${randomInt(1e6, 1e7)}@shop.com`;
}

export function newAccount(prefix = "shopper"): Account {
  const email = uniqueEmail(prefix);
  return { name: `Test ${prefix[0]!.toUpperCase()}${prefix.slice(1)}`, email, password: TEST_PASSWORD };
}

/**
 * Better Auth's e-mail endpoints through a request context. With a browser context's `request`,
 * the session cookie lands in that context, as if the user had signed in on the page. The
 * Origin header is the shop's own: the server refuses writes from other origins.
 */
async function postAuth(request: APIRequestContext, baseUrl: string, path: string, data: object) {
  return request.post(`${baseUrl}/api/auth/${path}`, { data, headers: { Origin: baseUrl } });
}

export async function signUpThroughApi(request: APIRequestContext, baseUrl: string, account: Account) {
  const response = await postAuth(request, baseUrl, "sign-up/email", account);
  if (!response.ok()) {
    throw new Error(`Sign-up of ${account.email} failed: ${response.status()} ${await response.text()}`);
  }
}

/** Signs up, or signs in when the account exists already (e.g. the shared admin). */
export async function signUpOrInThroughApi(request: APIRequestContext, baseUrl: string, account: Account) {
  const signUp = await postAuth(request, baseUrl, "sign-up/email", account);
  if (signUp.ok()) return;
  const signIn = await postAuth(request, baseUrl, "sign-in/email", {
    email: account.email,
    password: account.password,
  });
  if (!signIn.ok()) {
    throw new Error(
      `Neither sign-up nor sign-in of ${account.email} worked: ${signIn.status()} ${await signIn.text()}`,
    );
  }
}

/** The signed-in user's e-mail, as the context's cookies present it, or null. */
export async function sessionEmail(context: BrowserContext, baseUrl: string): Promise<string | null> {
  const response = await context.request.get(`${baseUrl}/api/auth/get-session`);
  if (!response.ok()) return null;
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

/** The access token the SPA keeps (SPEC section 4), or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem("accesstoken"));
}

/** Waits until the top bar shows the signed-in state (Sign out, avatar online). */
export async function expectSignedInTopBar(page: Page, name: string) {
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Sign out" }).first().waitFor();
  await banner.getByRole("img", { name: `${name} (online)` }).waitFor();
  expect(await banner.getByRole("link", { name: "Log in" }).count()).toBe(0);
}

/** Waits until the top bar shows the signed-out state (Log in, avatar offline). */
export async function expectSignedOutTopBar(page: Page) {
  const banner = page.getByRole("banner");
  await banner.getByRole("link", { name: "Log in" }).first().waitFor();
  await banner.getByRole("img", { name: "Guest (offline)" }).waitFor();
  expect(await banner.getByRole("button", { name: "Sign out" }).count()).toBe(0);
}
