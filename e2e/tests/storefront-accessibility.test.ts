import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import { expectCount, productCards } from "../support/storefront";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** No WCAG 2 A/AA violation in the page's main content. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the storefront's accessibility", () => {
  it.each([
    ["/", "Best Seller Products"],
    ["/women", "Summer Collection Vol-1"],
    ["/products?q=watch", "All Products"],
    ["/review", "What our client says"],
    ["/blog", "This Week Blogs"],
  ])("%s has no WCAG A/AA violations at 1280px and 375px", async (path, heading) => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll("[role='status'] .animate-pulse").length === 0,
      );
      await expectAccessible(page);
      await context.close();
    }
  });

  it("the product page has no WCAG A/AA violations, also at quantity 0", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/shoes");
    await expectCount(productCards(page), 8);
    await productCards(page)
      .first()
      .getByRole("link", { name: /^Quick View/ })
      .click();
    await page.getByRole("button", { name: "Add to shopping bag" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    await expectAccessible(page);
    await context.close();
  });
});
