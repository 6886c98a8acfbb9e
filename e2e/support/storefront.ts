import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** The demo catalogue (server/src/db/demo-data.ts): 48 products, 12 per category, 8 reviews. */
export const DEMO = { products: 48, perCategory: 12, reviews: 8 } as const;

/** SPEC's price format: '$ ' and two decimals. */
export const PRICE_PATTERN = /^\$ \d{1,3}(,\d{3})*\.\d{2}$/;

/** Product cards on the page (each card is an <article> named by its product). */
export function productCards(scope: Page | Locator): Locator {
  return scope.getByRole("main").getByRole("article");
}

/**
 * The price each card charges: its one price, or a sale's price without the struck-through
 * regular one beside it.
 */
export function chargedPrices(scope: Page | Locator): Locator {
  return scope.getByText(/^\$ /).locator("xpath=self::*[not(self::s)]");
}

/** Waits until the locator matches exactly `count` elements. */
export async function expectCount(locator: Locator, count: number, timeout = 15_000) {
  await expect.poll(() => locator.count(), { timeout }).toBe(count);
}

/** Scrolls the whole page once so lazy images load, then waits for every image to finish. */
export async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
}

/** The current slide's dot in the home carousel: its number, from the dot with aria-current. */
export async function currentSlide(page: Page): Promise<number> {
  const label = await page
    .getByRole("region", { name: "Promotions" })
    .locator("button[aria-current='true']")
    .getAttribute("aria-label");
  return Number(label?.replace(/\D+/g, ""));
}
