import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import {} from "vitest";
import { newAccount, sessionEmail, signUpOrInThroughApi, signUpThroughApi, type Account } from "./accounts";
import { newPage, type PageOptions } from "./browser";
import { ADMIN_EMAIL } from "./global-setup";
import { verifyAddress } from "./mail";
import { shopUrl } from "./shop-url";

/**
 * A page for a signed-in shopper: a fresh account is made through the API in the page's own
 * browser context, so the context holds the session cookie, and its address is verified through
 * the link of its sign-up mail (`verified: false` leaves it unverified). The page is still blank;
 * the SPA fetches the access token itself on its first load (as after a Google sign-in).
 */
export async function openAsShopper(browser: Browser, options: PageOptions & { verified?: boolean } = {}) {
  const { verified = true, ...pageOptions } = options;
  const { context, page } = await newPage(browser, pageOptions);
  const account = newAccount();
  await signUpThroughApi(context.request, shopUrl(), account);
  if (verified) await verifyAddress(context.request, account.email);
  return { context, page, email: account.email, name: account.name, password: account.password };
}

/** The shared shop makes ADMIN_EMAIL an admin once its address is verified (ADMIN_EMAILS in global-setup). */
export const ADMIN_ACCOUNT: Account = {
  name: "Shop Admin",
  email: ADMIN_EMAIL,
  password: "admin-harbour-7731",
};

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/** The admin's session cookies are kept between test files, per shop (the e-mail's sign-ins are limited). */
function adminCookieFile(shopUrl: string) {
  return path.join(tmpdir(), `shop-e2e-admin-${new URL(shopUrl).port}.json`);
}

async function reuseAdminCookies(context: BrowserContext, shopUrl: string): Promise<boolean> {
  try {
    const cookies = JSON.parse(await readFile(adminCookieFile(shopUrl), "utf8")) as Cookies;
    await context.addCookies(cookies);
    if ((await sessionEmail(context, shopUrl)) === ADMIN_EMAIL) return true;
    await context.clearCookies();
  } catch {
    // No cookies kept yet, or unreadable: sign in.
  }
  return false;
}

/** A page for the shop's admin (signed up once per shop, then signed in or reused). */
export async function openAsAdmin(browser: Browser, options: PageOptions = {}) {
  const url = shopUrl();
  const { context, page } = await newPage(browser, options);
  if (!(await reuseAdminCookies(context, url))) {
    await signUpOrInThroughApi(context.request, url, ADMIN_ACCOUNT);
    await verifyAddress(context.request, ADMIN_ACCOUNT.email);
    await writeFile(adminCookieFile(url), JSON.stringify(await context.cookies(url)));
  }
  return { context, page, email: ADMIN_ACCOUNT.email, name: ADMIN_ACCOUNT.name };
}
