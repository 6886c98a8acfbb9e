import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS } from "../support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { copyShopTemplate, freePort, startShop, type ShopProcess } from "../support/server-process";
import { productCards } from "../support/storefront";

/**
 * SHOP_CURRENCY=JPY on a shop of its own (decision 040): the page knows the currency from its own
 * HTML, so the first paint already shows yen without decimals, and structured data says JPY.
 * PUBLIC_CATALOGUE so a visitor sees prices without an account.
 */
let shop: ShopProcess;
let dataDir: string;
let browser: Browser;

/** Yen as Intl writes them in en-US: no decimals, grouped by thousands. */
const YEN = /^¥\d{1,3}(,\d{3})*$/;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-currency-"));
  await copyShopTemplate(dataDir);
  const port = await freePort();
  shop = await startShop({
    DATA_DIR: dataDir,
    SHOP_CURRENCY: "JPY",
    PUBLIC_CATALOGUE: "true",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
  });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a shop selling in yen", () => {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows ¥ without decimals on category and product pages (${viewportName})`, async () => {
      const context = await browser.newContext({ viewport, baseURL: shop.baseUrl });
      await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto("/gadget");
      await productCards(page).first().waitFor();
      const cardPrices = await productCards(page).locator(".tabular-nums").allInnerTexts();
      expect(cardPrices.length).toBeGreaterThan(0);
      for (const price of cardPrices) expect(price.trim()).toMatch(YEN);
      expect(await page.getByRole("main").innerText()).not.toContain("$");

      const first = productCards(page).first();
      const name = await first.getByRole("heading").innerText();
      await first.getByRole("link", { name, exact: true }).click();
      await page.getByRole("heading", { level: 1, name }).waitFor();
      const productPrice = (await page.getByRole("main").locator(".tabular-nums").first().innerText()).trim();
      expect(productPrice).toMatch(YEN);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page, { seriousOnly: true });
      await context.close();
    });
  }

  it("says JPY in the page's head and in the product's JSON-LD, with a whole-yen price", async () => {
    const products = (await (await fetch(`${shop.baseUrl}/api/products?limit=1`)).json()) as {
      _id: string;
      price: number;
    }[];
    const product = products[0]!;
    expect(Number.isInteger(product.price)).toBe(true);
    const html = await (await fetch(`${shop.baseUrl}/aboutproduct/${product._id}`)).text();
    expect(html).toContain('<meta name="shop:currency" content="JPY" data-decimals="0" />');
    expect(html).toMatch(/"priceCurrency":"JPY"/);
    expect(html).toMatch(/"price":"\d+"/);
  });
});
