import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../support/browser";
import { openAsShopper } from "../support/shopper";

/**
 * Lighthouse's CLS target (≤ 0.02, scripts/lighthouse.mjs) checked on every test run: the pages
 * it audits are loaded on a phone-sized screen, and every layout shift the browser reports while
 * they load adds up (a sum, so at least as strict as CLS's worst window).
 */
const PHONE = { width: 412, height: 823 };
const MAX_SHIFT = 0.02;

let browser: Browser;
let productId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  const [product] = (await (await page.request.get("/api/products?limit=1")).json()) as { _id: string }[];
  productId = product!._id;
  await context.close();
});
afterAll(() => browser.close());

async function layoutShiftWhileLoading(page: Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    const state = window as unknown as { __layoutShift: number };
    state.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) state.__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path);
  await page.locator("main h1").first().waitFor();
  await page.waitForLoadState("networkidle");
  // Late images and fonts settle; a shift after this would be one the shopper sees too.
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
}

describe("layout stability while a page loads, on a phone", () => {
  it.each(["/", "/login", "/blog", "/register", "/no-such-page"])(
    `%s shifts by at most ${MAX_SHIFT}`,
    async (path) => {
      const { context, page } = await newPage(browser, { viewport: PHONE, reducedMotion: "no-preference" });
      expect(await layoutShiftWhileLoading(page, path)).toBeLessThanOrEqual(MAX_SHIFT);
      await context.close();
    },
  );

  it.each(["/products", "/women", "/cart", "/dashboard", "product"])(
    `%s (signed in) shifts by at most ${MAX_SHIFT}`,
    async (path) => {
      const { context, page } = await openAsShopper(browser, {
        viewport: PHONE,
        reducedMotion: "no-preference",
      });
      const url = path === "product" ? `/aboutproduct/${productId}` : path;
      expect(await layoutShiftWhileLoading(page, url)).toBeLessThanOrEqual(MAX_SHIFT);
      await context.close();
    },
  );
});
