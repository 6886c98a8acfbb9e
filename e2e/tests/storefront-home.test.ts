import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import {
  chargedPrices,
  currentSlide,
  expectCount,
  loadLazyImages,
  PRICE_PATTERN,
} from "../support/storefront";

let browser: Browser;
/** Where the page's clock starts in the tests that move it by hand. */
const PAGE_TIME = Date.parse("2026-06-01T10:00:00Z");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("the home page", () => {
  it("shows the carousel, the categories, 8 best sellers, our promise and 3 testimonials", async () => {
    const { context, page } = await openAsShopper(browser);
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    await page.goto("/");

    // Carousel: three slides, the first image fetched eagerly and first, in the width it is drawn at.
    const carousel = page.getByRole("region", { name: "Promotions" });
    await expectCount(carousel.getByRole("button", { name: /^Go to slide \d$/ }), 3);
    const firstImage = carousel.locator("img").first();
    expect(await firstImage.getAttribute("src")).toBe("/demo/promo/promo-1-1600.webp");
    expect(await firstImage.getAttribute("srcset")).toBe(
      "/demo/promo/promo-1-800.webp 800w, /demo/promo/promo-1-1280.webp 1280w, /demo/promo/promo-1-1600.webp 1600w",
    );
    expect(await firstImage.getAttribute("fetchpriority")).toBe("high");
    expect(await firstImage.getAttribute("loading")).toBe("eager");
    // 1280 px wide, the banner is drawn about 1024 px wide: the 1280w file, not the largest.
    await expect
      .poll(() => firstImage.evaluate((image: HTMLImageElement) => image.currentSrc))
      .toMatch(/\/demo\/promo\/promo-1-1280\.webp$/);

    // Shop By Category: typed heading (full text at once under reduced motion), caption, four buttons.
    const categories = page.getByRole("region", { name: "Shop By Category" });
    await categories.getByRole("heading", { name: "Shop By Category", level: 2 }).waitFor();
    await categories.getByText("2022 Trendsetters").waitFor();
    const expectedCategories = [
      ["Women", "/women"],
      ["Shoes", "/shoes"],
      ["Gadgets", "/gadget"],
      ["Mans", "/man"],
    ];
    for (const [name, href] of expectedCategories) {
      expect(
        await categories.getByRole("link", { name: new RegExp(`^${name}\\b`) }).getAttribute("href"),
      ).toBe(href);
    }

    // Best sellers: typed title, SPEC's subtitle, 8 cards with image, name, price and a cart button.
    const bestSellers = page.getByRole("region", { name: "Best Seller Products" });
    await bestSellers.getByText("Explore products that are bought most frequently by people").waitFor();
    const cards = bestSellers.getByRole("article");
    await expectCount(cards, 8);
    let sizedCards = 0;
    for (const card of await cards.all()) {
      const name = (await card.getByRole("heading").textContent())?.trim() ?? "";
      const image = card.getByRole("img", { name, exact: true });
      expect(await image.getAttribute("loading")).toBe("lazy");
      expect(await image.getAttribute("width")).toBe("800");
      expect(await image.getAttribute("height")).toBe("800");
      const price = (await chargedPrices(card).innerText()).trim();
      expect(price).toMatch(PRICE_PATTERN);
      // "Add … to bag", or "Choose options of …" for a product in sizes, which says so in words too.
      const cartButton = card.getByRole("button", { name });
      const label = String(await cartButton.getAttribute("aria-label"));
      expect((await cartButton.innerText()).trim()).toBe(
        label.startsWith("Choose options") ? "Choose options" : "",
      );
      if (label.startsWith("Choose options")) sizedCards += 1;
    }
    // The demo's best sellers include clothes in sizes.
    expect(sizedCards).toBeGreaterThan(0);
    expect(await bestSellers.getByRole("link", { name: /^See More/ }).getAttribute("href")).toBe("/products");

    // The extra section.
    await page.getByRole("heading", { name: "Why shop with us" }).waitFor();

    // Testimonials: title, typed heading, 3 reviews with the 'Developer' caption.
    const testimonials = page.getByRole("region", { name: "What our client says" });
    await testimonials.getByText("Testimonials", { exact: true }).waitFor();
    const reviews = testimonials.getByRole("figure");
    await expectCount(reviews, 3);
    // The browser draws the section (and so lays out its text) once it comes near the viewport.
    await testimonials.scrollIntoViewIfNeeded();
    for (const review of await reviews.all()) {
      await expect.poll(() => review.locator("blockquote").innerText()).not.toBe("");
      expect(await review.getByText("Developer", { exact: true }).count()).toBe(1);
      expect(await review.locator("img").getAttribute("src")).toMatch(/^\/demo\/avatars\//);
    }
    expect(await testimonials.getByRole("link", { name: /^See More/ }).getAttribute("href")).toBe("/review");

    await loadLazyImages(page);
    await screenshot(page, "storefront-home-1280");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("fits a 375px screen with one best seller per row and the Mans tile across the bottom", async () => {
    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Best Seller Products" }).getByRole("article");
    await expectCount(cards, 8);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);

    const categories = page.getByRole("region", { name: "Shop By Category" });
    const mans = await categories.getByRole("link", { name: /^Mans/ }).boundingBox();
    const gadgets = await categories.getByRole("link", { name: /^Gadgets/ }).boundingBox();
    expect(mans!.y).toBeGreaterThan(gadgets!.y + gadgets!.height - 1);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await loadLazyImages(page);
    await screenshot(page, "storefront-home-375");
    await context.close();
  });

  it("puts the Mans tile in its own column right of Shoes and Gadgets at 1280px", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/");
    const categories = page.getByRole("region", { name: "Shop By Category" });
    const mans = await categories.getByRole("link", { name: /^Mans/ }).boundingBox();
    const shoes = await categories.getByRole("link", { name: /^Shoes/ }).boundingBox();
    const women = await categories.getByRole("link", { name: /^Women/ }).boundingBox();
    expect(mans!.x).toBeGreaterThan(shoes!.x + shoes!.width - 1);
    expect(Math.round(mans!.y)).toBe(Math.round(women!.y));
    await context.close();
  });

  it("advances the carousel by itself every 5.5 s, keeps going after a click, and rewinds at the ends", async () => {
    const { context, page } = await openAsShopper(browser, { reducedMotion: "no-preference" });
    // The page's clock runs as usual until the test stops it, then moves only when told to.
    await page.clock.install({ time: PAGE_TIME });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Promotions" });
    await carousel.getByRole("button", { name: "Pause slideshow" }).waitFor();
    expect(await currentSlide(page)).toBe(1);

    // By itself: from here the page's time moves only when told, and in 5.5 s the slide changes.
    await page.clock.pauseAt(PAGE_TIME + 60_000);
    const shown = await currentSlide(page);
    await page.clock.runFor(5_500);
    await expect.poll(() => currentSlide(page)).toBe((shown % 3) + 1);

    // A click on a dot, then on its own again: from slide 3 it rewinds to 1, 5.5 s later.
    await carousel.getByRole("button", { name: "Go to slide 3" }).click();
    expect(await currentSlide(page)).toBe(3);
    expect(await carousel.getByRole("button", { name: "Go to slide 3" }).getAttribute("aria-current")).toBe(
      "true",
    );
    await page.clock.runFor(5_400);
    expect(await currentSlide(page)).toBe(3);
    await page.clock.runFor(100);
    await expect.poll(() => currentSlide(page)).toBe(1);

    // Arrows: previous from the first slide rewinds to the last, next from the last to the first.
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    expect(await currentSlide(page)).toBe(3);
    await carousel.getByRole("button", { name: "Next slide" }).click();
    expect(await currentSlide(page)).toBe(1);
    await carousel.getByRole("button", { name: "Next slide" }).click();
    expect(await currentSlide(page)).toBe(2);
    // ...and it still moves on by itself after the arrow clicks.
    await page.clock.runFor(5_500);
    await expect.poll(() => currentSlide(page)).toBe(3);

    // The current slide's link is reachable; the hidden slides' are not.
    expect(await carousel.getByRole("link").count()).toBe(1);
    await context.close();
  });

  it("types the headings out without motion preferences, keeping the full name for assistive technology", async () => {
    const { context, page } = await openAsShopper(browser, { reducedMotion: "no-preference" });
    await page.goto("/");
    const heading = page.getByRole("heading", { name: "Shop By Category", level: 2 });
    await heading.waitFor();
    const typed = heading.getByTestId("typewriter-text");
    const seen = new Set<string>();
    const deadline = Date.now() + 6_000;
    while (Date.now() < deadline && seen.size < 4) {
      seen.add((await typed.textContent()) ?? "");
      await page.waitForTimeout(50);
    }
    // Partial texts were shown on the way, each a beginning of the full heading.
    expect([...seen].some((text) => text.length > 0 && text.length < "Shop By Category".length)).toBe(true);
    for (const text of seen) expect("Shop By Category".startsWith(text)).toBe(true);
    await expect.poll(() => typed.textContent(), { timeout: 15_000 }).toBe("Shop By Category");
    await context.close();
  });

  it("does not play the carousel by itself when the shopper prefers reduced motion", async () => {
    const { context, page } = await openAsShopper(browser, { reducedMotion: "reduce" });
    await page.clock.install({ time: PAGE_TIME });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Promotions" });
    await carousel.getByRole("button", { name: "Play slideshow" }).waitFor();
    // A minute on the page's clock: more than ten times the autoplay interval.
    await page.clock.runFor(60_000);
    expect(await currentSlide(page)).toBe(1);
    // Typed headings show their full text at once: no typing layer over an invisible copy. The
    // section renders only near the viewport (content-visibility), so it is scrolled to first.
    const bestSellers = page.getByRole("heading", { name: "Best Seller Products" });
    await bestSellers.scrollIntoViewIfNeeded();
    expect(await bestSellers.getByTestId("typewriter-text").count()).toBe(0);
    const drawnText = bestSellers.locator("span[aria-hidden='true']", { hasText: "Best Seller Products" });
    expect(await drawnText.isVisible()).toBe(true);
    await carousel.getByRole("button", { name: "Go to slide 2" }).click();
    expect(await currentSlide(page)).toBe(2);
    await context.close();
  });
});
