import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUpOrInThroughApi, signUpThroughApi } from "../support/accounts";
import { screenshot, VIEWPORTS } from "../support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { copyShopTemplate, freePort, startShop, type ShopProcess } from "../support/server-process";

/**
 * SHOP_LANGUAGES=en,bn on a shop of its own (decision 041): the first visit follows
 * Accept-Language, the switcher in the top bar (and the phone menu) changes it, the choice is kept
 * in a cookie and on the account, <html lang> follows, and Bengali renders in its web font.
 */
let shop: ShopProcess;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-languages-"));
  await copyShopTemplate(dataDir);
  const port = await freePort();
  shop = await startShop({
    DATA_DIR: dataDir,
    SHOP_LANGUAGES: "en,bn",
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

async function openShop(viewport: { width: number; height: number }, locale: string) {
  // `locale` is what the browser sends as Accept-Language.
  const context = await browser.newContext({
    viewport,
    locale,
    baseURL: shop.baseUrl,
    reducedMotion: "reduce",
  });
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
  return { context, page: await context.newPage() };
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Whether Bengali on the page is drawn with the shop's Bengali web font (not boxes or a fallback). */
const bengaliFontLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some(
      (font) => font.family.includes("Shop Bengali") && font.status === "loaded",
    );
  });

describe("the shop in English and Bengali", () => {
  it("opens in Bengali for a browser that asks for it, at 1280 px, in the Bengali font", async () => {
    const { context, page } = await openShop(VIEWPORTS.desktop, "bn-BD");
    await page.goto("/");
    const main = page.getByRole("navigation", { name: "প্রধান" });
    await main.getByRole("link", { name: "হোম" }).waitFor();
    await page.getByRole("heading", { name: "সর্বাধিক বিক্রিত পণ্য" }).waitFor();
    expect(await htmlLang(page)).toBe("bn");
    expect(await page.title()).toBe("Trendsetters · পোশাক, জুতা, ঘড়ি ও গ্যাজেট");
    expect(await bengaliFontLoaded(page)).toBe(true);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, "languages-home-bn-1280");
    await context.close();
  });

  it("switches to English in the top bar and keeps the choice in a cookie", async () => {
    const { context, page } = await openShop(VIEWPORTS.desktop, "bn-BD");
    await page.goto("/");
    await page.getByRole("combobox", { name: "ভাষা" }).selectOption("en");
    await page.getByRole("heading", { name: "Best Seller Products" }).waitFor();
    expect(await htmlLang(page)).toBe("en");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).waitFor();
    // Another page, the browser still asking for Bengali: the choice holds.
    await page.goto("/products");
    expect(await htmlLang(page)).toBe("en");
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, "languages-products-en-1280");
    await context.close();
  });

  it("offers the switch in the phone menu at 375 px", async () => {
    const { context, page } = await openShop(VIEWPORTS.mobile, "en-GB");
    await page.goto("/");
    await page.getByRole("heading", { name: "Best Seller Products" }).waitFor();
    expect(await htmlLang(page)).toBe("en");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("combobox", { name: "Language" }).selectOption("bn");
    await page.getByRole("heading", { name: "সর্বাধিক বিক্রিত পণ্য" }).waitFor();
    expect(await htmlLang(page)).toBe("bn");
    await page.getByRole("button", { name: "মেনু খুলুন" }).click();
    await page
      .getByRole("navigation", { name: "প্রধান" })
      .last()
      .getByRole("link", { name: "পণ্যসমূহ" })
      .waitFor();
    expect(await bengaliFontLoaded(page)).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, "languages-menu-bn-375");
    await context.close();
  });

  it("remembers a signed-in shopper's language on the account, for her next browser", async () => {
    const account = newAccount("bengali");
    const first = await openShop(VIEWPORTS.desktop, "en-US");
    await signUpThroughApi(first.context.request, shop.baseUrl, account);
    await first.page.goto("/");
    await first.page.getByRole("heading", { name: "Best Seller Products" }).waitFor();
    await first.page.getByRole("combobox", { name: "Language" }).selectOption("bn");
    await first.page.getByRole("heading", { name: "সর্বাধিক বিক্রিত পণ্য" }).waitFor();
    const session = (await (await first.context.request.get("/api/auth/get-session")).json()) as {
      user: { language: string };
    };
    expect(session.user.language).toBe("bn");
    await first.context.close();

    // Another browser asking for English: once she is signed in, the shop turns to Bengali.
    const second = await openShop(VIEWPORTS.desktop, "en-US");
    await signUpOrInThroughApi(second.context.request, shop.baseUrl, account);
    await second.page.goto("/");
    await second.page.getByRole("heading", { name: "সর্বাধিক বিক্রিত পণ্য" }).waitFor();
    expect(await htmlLang(second.page)).toBe("bn");

    // The bag's texts come with its page, in her language.
    await second.page.goto("/cart");
    await second.page.getByRole("heading", { level: 1, name: "আপনার কার্ট" }).waitFor();
    await second.page.getByText("আপনার কার্ট খালি").waitFor();
    expect(await second.page.title()).toBe("আপনার কার্ট · Trendsetters");
    await expectNoAxeViolations(second.page, { seriousOnly: true });
    await screenshot(second.page, "languages-cart-bn-1280");
    await second.context.close();
  });
});
