import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import { expectCount, loadLazyImages, productCards } from "../support/storefront";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The demo catalogue's names containing "watch": four watches and two smartwatches. */
const WATCHES = 6;

describe("searching /products", () => {
  it("finds watches from ?q=WATCH (case-insensitive) and keeps the search on refresh", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/products?q=WATCH");
    const box = page.getByRole("searchbox", { name: "Search products" });
    expect(await box.inputValue()).toBe("WATCH");
    const cards = productCards(page);
    await expectCount(cards, WATCHES);
    for (const name of await cards.getByRole("heading").allInnerTexts()) expect(name).toMatch(/watch/i);
    await page.getByText(`${WATCHES} products found for “WATCH”`).waitFor();
    // Everything fits on one page: no 'Load More...'.
    await expectCount(page.getByRole("button", { name: "Load More..." }), 0);

    await page.reload();
    expect(await page.getByRole("searchbox", { name: "Search products" }).inputValue()).toBe("WATCH");
    await expectCount(productCards(page), WATCHES);
    await context.close();
  });

  it("puts what is typed into the address after a pause, and back from a product keeps it", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/products");
    await expectCount(productCards(page), 8);
    const box = page.getByRole("searchbox", { name: "Search products" });
    await box.pressSequentially("sneaker", { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("q") === "sneaker");
    const cards = productCards(page);
    await expect
      .poll(
        // Best match first: the sneakers, then what only mentions them (a description).
        async () =>
          (await cards.getByRole("heading").allInnerTexts())
            .slice(0, 3)
            .every((name) => /sneaker/i.test(name)),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);

    await cards
      .first()
      .getByRole("link", { name: /^Quick View/ })
      .click();
    await page.waitForURL(/\/aboutproduct\//);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("q") === "sneaker");
    expect(await page.getByRole("searchbox", { name: "Search products" }).inputValue()).toBe("sneaker");
    await expectCount(productCards(page), count);
    await context.close();
  });

  it("says clearly when nothing matches, and 'Clear search' shows everything again", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/products?q=zzqxnonsense");
    await page.getByText("No products match “zzqxnonsense”").waitFor();
    // Nothing is listed but the best-sellers offered instead (decision 035).
    const bestSellers = page.getByRole("list", { name: "Best-sellers" });
    await expect.poll(() => bestSellers.getByRole("article").count()).toBeGreaterThan(0);
    expect(await productCards(page).count()).toBe(await bestSellers.getByRole("article").count());
    await page.getByRole("button", { name: "Clear search" }).first().click();
    await page.waitForURL((url) => url.pathname === "/products" && !url.searchParams.has("q"));
    await expectCount(productCards(page), 8);
    await context.close();
  });

  it("looks right with a search at 1280px and 375px", async () => {
    for (const [viewport, suffix] of [
      [VIEWPORTS.desktop, "1280"],
      [VIEWPORTS.mobile, "375"],
    ] as const) {
      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto("/products?q=watch");
      await expectCount(productCards(page), WATCHES);
      await loadLazyImages(page);
      await screenshot(page, `storefront-products-search-${suffix}`);
      await context.close();
    }
  });
});
