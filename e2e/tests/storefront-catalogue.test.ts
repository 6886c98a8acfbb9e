import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { startE2eShop } from "../support/global-setup";
import { useOwnShop } from "../support/shop-url";
import { openAsShopper } from "../support/shopper";
import {
  chargedPrices,
  DEMO,
  expectCount,
  loadLazyImages,
  PRICE_PATTERN,
  productCards,
} from "../support/storefront";

let browser: Browser;
let ownShop: Awaited<ReturnType<typeof startE2eShop>> | undefined;

beforeAll(async () => {
  // The counts below are the demo catalogue's: other files in a worker's shop change it.
  ownShop = await startE2eShop();
  useOwnShop(ownShop);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  await ownShop?.stop();
});

const loadMore = (page: Page) => page.getByRole("button", { name: "Load More..." });

describe("the category pages", () => {
  it.each([
    ["/women", "Summer Collection Vol-1", "Women"],
    ["/shoes", "Shoes Collection Vol-1", "Shoes"],
    ["/gadget", "Gadgets Collection", "Gadgets"],
  ])("%s shows '%s', 8 cards, then all 12 after 'Load More...'", async (path, title, category) => {
    const { context, page } = await openAsShopper(browser);
    await page.goto(path);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    const cards = productCards(page);
    await expectCount(cards, 8);
    // Every card is of this category and has 'Add to bag' ('Choose options' for a sized one) and 'Quick View'.
    for (const card of await cards.all()) {
      expect(await card.getByText(category, { exact: true }).count()).toBe(1);
      await card.getByRole("button", { name: /^(Add to bag|Choose options)/ }).waitFor();
      expect(await card.getByRole("link", { name: /^Quick View/ }).getAttribute("href")).toMatch(
        /^\/aboutproduct\/[0-9a-f-]{36}$/,
      );
      expect((await chargedPrices(card).innerText()).trim()).toMatch(PRICE_PATTERN);
    }
    await page.getByText(`Showing 8 of ${DEMO.perCategory} products`).waitFor();
    await loadMore(page).click();
    await expectCount(cards, DEMO.perCategory);
    await expectCount(loadMore(page), 0);
    await page.getByText(`Showing ${DEMO.perCategory} of ${DEMO.perCategory} products`).waitFor();
    await context.close();
  });

  it("/man shows 'Summer Collection Vol-1' with 8 cards, then 4 more per 'Load More...'", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/man");
    await page.getByRole("heading", { name: "Summer Collection Vol-1", level: 1 }).waitFor();
    const cards = productCards(page);
    await expectCount(cards, 8);
    await loadMore(page).click();
    await expectCount(cards, 12);
    // All 12 men's products are shown: the button is gone.
    await expectCount(loadMore(page), 0);
    // Keyboard focus moves to the first new product once it has rendered.
    await page.waitForFunction(
      () => document.activeElement?.closest("li")?.dataset.index === "8",
      undefined,
      {
        timeout: 5_000,
      },
    );
    await context.close();
  });

  it("opens the product page from 'Quick View'", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/shoes");
    const card = productCards(page).nth(2);
    const name = (await card.getByRole("heading").innerText()).trim();
    await card.getByRole("link", { name: /^Quick View/ }).click();
    await page.waitForURL(/\/aboutproduct\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page.getByRole("img", { name, exact: true }).waitFor();
    await context.close();
  });

  it("looks right at 1280px and 375px", async () => {
    for (const [viewport, suffix] of [
      [VIEWPORTS.desktop, "1280"],
      [VIEWPORTS.mobile, "375"],
    ] as const) {
      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto("/women");
      await expectCount(productCards(page), 8);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      await loadLazyImages(page);
      await screenshot(page, `storefront-women-${suffix}`);
      await context.close();
    }
  });
});

describe("/products", () => {
  it("shows 8 products, 16 after 'Load More...', and hides the button once all 48 are shown", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/products");
    const cards = productCards(page);
    await expectCount(cards, 8);
    await loadMore(page).click();
    await expectCount(cards, 16);
    await page.getByText(`Showing 16 of ${DEMO.products} products`).waitFor();
    for (let shown = 24; shown <= DEMO.products; shown += 8) {
      await loadMore(page).click();
      await expectCount(cards, shown);
    }
    await expectCount(loadMore(page), 0);
    // No product twice.
    const names = await cards.getByRole("heading").allInnerTexts();
    expect(new Set(names).size).toBe(DEMO.products);
    await context.close();
  });
});
