import type { Browser } from "playwright-core";
import { newPage, type PageOptions } from "./browser";

/**
 * A page for a shopper. The shop pages SPEC protects (/women, /products, /aboutproduct/…) need a
 * signed-in user once the accounts work lands; this is the one place that will sign in, so tests
 * of the storefront do not change.
 */
export async function openAsShopper(browser: Browser, options: PageOptions = {}) {
  return newPage(browser, options);
}
