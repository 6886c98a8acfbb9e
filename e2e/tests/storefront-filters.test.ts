import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdRequests, launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import { chargedPrices, expectCount, loadLazyImages, productCards } from "../support/storefront";
import { expectNoAxeViolations } from "../support/page-checks";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** "$ 1,234.50" on a card as a number. */
const pricesOn = async (page: Page) =>
  (await chargedPrices(productCards(page)).allInnerTexts()).map((text) =>
    Number(text.replace(/[$,\s]/g, "")),
  );

const namesOn = (page: Page) => productCards(page).getByRole("heading").allInnerTexts();

/** The shown count of products, from the line above the grid ("12 products"). */
async function shownTotal(page: Page) {
  const status = page.getByRole("status").filter({ hasText: /\d+ products?/ });
  await status.waitFor();
  return Number(/(\d+)/.exec(await status.innerText())![1]);
}

describe("filtering and sorting /products", () => {
  it("at 1280 px: a price range and price order reach the address, a shared link shows the same, Back undoes", async () => {
    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.desktop });
    await page.goto("/products");
    await expectCount(productCards(page), 8);
    const filters = page.getByRole("complementary", { name: "Filters" });
    const range = filters.getByRole("radio", { name: /^\$50 – \$100 \d+ products?$/ });
    const count = Number.parseInt(
      await filters.locator("label", { hasText: "$50 – $100" }).locator(".tabular-nums").innerText(),
      10,
    );
    expect(count).toBeGreaterThan(0);
    await range.check();
    await page.waitForURL((url) => url.searchParams.get("minPrice") === "50");
    // The filtered list is in (the count line shows its total only once it is) before the next step.
    await expect.poll(() => shownTotal(page)).toBe(count);
    await expectCount(productCards(page), Math.min(count, 8));
    const shownBefore = await namesOn(page);

    // While the sorted list is on its way, the one shown stays readable and the count line says so.
    const release = await holdRequests(page, "**/api/products?*");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
    await page.getByRole("status").filter({ hasText: "Updating the products…" }).waitFor();
    expect(await namesOn(page)).toEqual(shownBefore);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await release();
    await expect.poll(async () => (await pricesOn(page)).length).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const prices = await pricesOn(page);
        return (
          prices.every((price) => price >= 50 && price < 100) &&
          prices.join() === [...prices].sort((a, b) => a - b).join()
        );
      })
      .toBe(true);
    expect(await shownTotal(page)).toBe(count);
    const names = await namesOn(page);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await loadLazyImages(page);
    await screenshot(page, "storefront-products-filters-1280");

    // The same address in a fresh browser context (another shopper) shows the same products.
    const shared = await openAsShopper(browser, { viewport: VIEWPORTS.desktop });
    await shared.page.goto(page.url());
    await expect.poll(() => namesOn(shared.page)).toEqual(names);
    expect(await shared.page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("price-asc");
    await shared.context.close();

    await page.goBack();
    await page.waitForURL(
      (url) => !url.searchParams.has("sort") && url.searchParams.get("minPrice") === "50",
    );
    await context.close();
  });

  it("at 375 px: the filters open in a drawer, in stock only and a price apply, the drawer closes with the count; sorted by price, a shared link shows the same", async () => {
    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/shoes?sort=price-desc");
    await expectCount(productCards(page), 8);
    expect(await page.getByRole("complementary", { name: "Filters" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Filters" }).click();
    const drawer = page.getByRole("dialog", { name: "Filters" });
    await drawer.waitFor();
    // A category page's category is fixed: no category choice in its filters.
    await expectCount(drawer.getByRole("radio", { name: /^All categories/ }), 0);
    await drawer.getByRole("checkbox", { name: /^In stock only/ }).check();
    await page.waitForURL((url) => url.searchParams.get("inStock") === "1");
    await drawer.getByRole("radio", { name: /^\$100 – \$200/ }).check();
    await page.waitForURL((url) => url.searchParams.get("maxPrice") === "200");
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, "storefront-shoes-filter-drawer-375");
    await drawer.getByRole("button", { name: /^Show \d+ products?$/ }).click();
    await expectCount(drawer, 0);
    await expect
      .poll(async () => {
        const prices = await pricesOn(page);
        return (
          prices.every((price) => price >= 100 && price < 200) &&
          prices.join() === [...prices].sort((a, b) => b - a).join()
        );
      })
      .toBe(true);
    await page.getByRole("button", { name: "Filters (2)" }).waitFor();
    await loadLazyImages(page);
    await screenshot(page, "storefront-shoes-filtered-375");
    await expectNoAxeViolations(page, { seriousOnly: true });

    // Price low to high instead, then the address shared into another phone.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.waitForURL(
      (url) => url.searchParams.get("sort") === "price-asc" && url.searchParams.get("maxPrice") === "200",
    );
    const sortedApi = await page.request.get(
      "/api/shoes/?inStock=true&minPrice=100&maxPrice=200&sort=price-asc&limit=8",
    );
    const sorted = (await sortedApi.json()) as { productname: string; price: number }[];
    // Several prices, so that the order says something.
    expect(new Set(sorted.map((product) => product.price)).size).toBeGreaterThan(1);
    await expect.poll(() => namesOn(page)).toEqual(sorted.map((product) => product.productname));
    const prices = await pricesOn(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const shared = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await shared.page.goto(page.url());
    await expect.poll(() => namesOn(shared.page)).toEqual(await namesOn(page));
    await shared.page.getByRole("button", { name: "Filters (2)" }).waitFor();
    expect(await shared.page.getByRole("combobox", { name: "Sort by" }).inputValue()).toBe("price-asc");
    await shared.context.close();
    await context.close();
  });

  it("at 1280 px: a size, a price and price order narrow the shoes, a shared link shows the same, Back undoes", async () => {
    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.desktop });
    await page.goto("/shoes");
    await expectCount(productCards(page), 8);
    const filters = page.getByRole("complementary", { name: "Filters" });
    const sizes = filters.getByRole("group", { name: "Size" });
    // The shoe page offers shoe sizes (EU 36–46), not clothing sizes.
    await sizes.getByRole("radio", { name: /^42 \d+ products?$/ }).waitFor();
    await expectCount(sizes.getByRole("radio", { name: /^M \d+/ }), 0);
    await sizes.getByText("42", { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("size") === "42");
    await filters.getByRole("radio", { name: /^\$50 – \$100/ }).check();
    await page.waitForURL((url) => url.searchParams.get("maxPrice") === "100");
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");

    // The page shows what the API answers for the same filters, and every product has a 42.
    const api = await page.request.get(
      "/api/shoes/?size=42&minPrice=50&maxPrice=100&sort=price-asc&limit=100",
    );
    const expected = (await api.json()) as { _id: string; productname: string; price: number }[];
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(12);
    await expect
      .poll(() => namesOn(page))
      .toEqual(expected.slice(0, 8).map((product) => product.productname));
    expect(await shownTotal(page)).toBe(expected.length);
    const prices = await pricesOn(page);
    expect(prices.every((price) => price >= 50 && price < 100)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const product of expected) {
      const detail = (await (await page.request.get(`/api/productdetail/${product._id}`)).json()) as {
        variants: { options: Record<string, string> }[];
      };
      expect(
        detail.variants.some((variant) => variant.options.Size === "42"),
        product.productname,
      ).toBe(true);
    }
    await expectNoAxeViolations(page, { seriousOnly: true });
    await loadLazyImages(page);
    await screenshot(page, "storefront-shoes-size-filter-1280");

    const shared = await openAsShopper(browser, { viewport: VIEWPORTS.desktop });
    await shared.page.goto(page.url());
    await expect.poll(() => namesOn(shared.page)).toEqual(await namesOn(page));
    const sharedSizes = shared.page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("group", { name: "Size" });
    expect(await sharedSizes.getByRole("radio", { name: /^42 / }).isChecked()).toBe(true);
    await shared.context.close();

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("sort") && url.searchParams.get("size") === "42");
    await page.goBack();
    await page.waitForURL(
      (url) => url.searchParams.get("size") === "42" && !url.searchParams.has("maxPrice"),
    );
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("size"));
    await context.close();
  });

  it("at 375 px: in stock, a colour and a size, chosen in the drawer, leave only products with that variant in stock", async () => {
    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/products");
    await expectCount(productCards(page), 8);
    await page.getByRole("button", { name: "Filters" }).click();
    const drawer = page.getByRole("dialog", { name: "Filters" });
    await drawer.waitFor();
    await drawer.getByRole("checkbox", { name: /^In stock only/ }).check();
    await page.waitForURL((url) => url.searchParams.get("inStock") === "1");
    const redFacets = page.waitForResponse(
      (response) => response.url().includes("/api/products/facets") && response.url().includes("colour=Red"),
    );
    await drawer
      .getByRole("group", { name: "Colour" })
      .getByRole("radio", { name: /^Red \d+ products?$/ })
      .check();
    await page.waitForURL((url) => url.searchParams.get("colour") === "Red");
    // A size some red product has in stock; the others are disabled and crossed out.
    const { sizes: redSizes } = (await (await redFacets).json()) as {
      sizes: { value: string; count: number }[];
    };
    const size = redSizes.find((entry) => entry.count > 0)!.value;
    expect(redSizes.some((entry) => entry.count === 0)).toBe(true);
    const sizes = drawer.getByRole("group", { name: "Size" });
    await expect
      .poll(() => sizes.locator("input:disabled").count())
      .toBe(redSizes.filter((entry) => entry.count === 0).length);
    await sizes.getByText(size, { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("size") === size);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, "storefront-products-size-colour-drawer-375");
    await drawer.getByRole("button", { name: /^Show \d+ products?$/ }).click();
    await expectCount(drawer, 0);
    await page.getByRole("button", { name: "Filters (3)" }).waitFor();
    const shown = await namesOn(page);
    expect(shown.length).toBeGreaterThan(0);
    const api = await page.request.get(`/api/products?size=${size}&colour=Red&inStock=true&limit=100`);
    const expected = (await api.json()) as { _id: string; productname: string }[];
    expect(shown).toEqual(expected.slice(0, 8).map((product) => product.productname));
    for (const product of expected) {
      const detail = (await (await page.request.get(`/api/productdetail/${product._id}`)).json()) as {
        variants: { options: Record<string, string>; stock: number }[];
      };
      const chosen = detail.variants.find(
        (variant) => variant.options.Size === size && variant.options.Colour === "Red",
      );
      expect(chosen?.stock, product.productname).toBeGreaterThan(0);
    }
    await loadLazyImages(page);
    await screenshot(page, "storefront-products-size-colour-375");
    await context.close();
  });
});
