import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../server/test/support/smtp-sink";
import bnCart from "../../web/src/features/cart/messages/bn.json";
import bnCatalogue from "../../web/src/features/catalogue/messages/bn.json";
import bnCheckout from "../../web/src/features/checkout/messages/bn.json";
import bnInsights from "../../web/src/features/insights/messages/bn.json";
import bnOrders from "../../web/src/features/orders/messages/bn.json";
import bnProduct from "../../web/src/features/product/messages/bn.json";
import bnShell from "../../web/src/lib/i18n/messages/bn.json";
import { newAccount, signUpOrInThroughApi, signUpThroughApi } from "../support/accounts";
import { screenshot, VIEWPORTS } from "../support/browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { startE2eShop } from "../support/global-setup";
import { mirrorSmtpIntoMailLog } from "../support/mail";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { useOwnShop } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";

/**
 * SHOP_LANGUAGES=en,bn on a shop of its own (decision 041): the first visit follows
 * Accept-Language, the switcher in the top bar (and the phone menu) changes it, the choice is kept
 * in a cookie and on the account, <html lang> follows, and Bengali renders in its web font.
 */
let shop: Awaited<ReturnType<typeof startE2eShop>>;
let smtp: SmtpSink;
let mailMirror: { stop: () => void } | undefined;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  shop = await startE2eShop(undefined, { SHOP_LANGUAGES: "en,bn", SMTP_URL: smtp.url });
  const mirror = await mirrorSmtpIntoMailLog(smtp, shop.baseUrl);
  mailMirror = mirror;
  useOwnShop({ baseUrl: shop.baseUrl, logFile: mirror.logFile });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);
afterAll(async () => {
  mailMirror?.stop();
  await browser?.close();
  await shop?.stop();
  await smtp?.close();
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

type Product = { _id: string; productname: string; stock: number; variantCount: number };
const BENGALI_DIGIT = /[০-৯]/;
const BENGALI_LETTER = /[\u0980-\u09FF]/;
const phone = (viewport: { width: number }) => viewport.width < 640;

/** Chooses Bengali in the top bar, or in the phone menu at 375 px (saved on the account). */
async function chooseBengali(page: Page, phone: boolean) {
  if (phone) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("combobox", { name: "Language" }).first().selectOption("bn");
  await page.waitForFunction(() => document.documentElement.lang === "bn");
}

describe.each([
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
])("a shopper's purchase in Bengali at %s px", (width, viewport) => {
  it("browses, fills the bag, pays, finds the order in My Orders and gets the mail in Bengali", async () => {
    const { context, page, email } = await openAsShopper(browser, { viewport });
    const all = (await (await page.request.get("/api/products?limit=48")).json()) as Product[];
    const product = all.find((candidate) => candidate.stock >= 5 && candidate.variantCount === 1)!;

    await page.goto("/products");
    await chooseBengali(page, phone(viewport));
    await page.getByRole("heading", { level: 1, name: bnCatalogue["catalogue.products.title"] }).waitFor();
    expect(await htmlLang(page)).toBe("bn");
    expect(await bengaliFontLoaded(page)).toBe(true);
    if (phone(viewport)) await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-products-bn-${width}`);

    await page.goto(`/aboutproduct/${product._id}`);
    await page.getByRole("heading", { level: 1, name: product.productname }).waitFor();
    await page.getByRole("button", { name: bnProduct["product.addToBag"] }).click();
    await page.locator(".Toastify__toast", { hasText: bnShell["lib.cart.added"] }).waitFor();
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-product-bn-${width}`);

    await page.goto("/cart");
    await page.getByRole("heading", { level: 1, name: bnCart["cart.title"] }).waitFor();
    await page.getByText(product.productname).filter({ visible: true }).first().waitFor();
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-cart-full-bn-${width}`);

    await page.goto("/checkout");
    await page.getByRole("heading", { level: 1, name: bnCheckout["checkout.title"] }).waitFor();
    const form = page.getByRole("form", { name: bnCheckout["checkout.formLabel"] });
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await field(bnCheckout["checkout.address"]).fill("১২ হারবার রোড");
    await field(bnCheckout["checkout.city"]).fill("ঢাকা");
    await field(bnShell["components.phone"]).fill("+8801711000000");
    await field(bnCheckout["checkout.cardNumber"]).fill("4242 4242 4242 4242");
    await field(bnCheckout["checkout.expiry"]).fill("12/39");
    await field(bnCheckout["checkout.cvc"]).fill("123");
    const pay = form.getByRole("button", { name: /পেমেন্ট করুন$/ });
    // The total to pay is written with Bengali digits.
    expect(await pay.innerText()).toMatch(BENGALI_DIGIT);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-checkout-bn-${width}`);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
      pay.click(),
    ]);
    expect(created.status()).toBe(201);
    const order = (await created.json()) as { _id: string; number: number };
    await page.getByRole("heading", { level: 1, name: bnOrders["orders.confirmationTitle"] }).waitFor();
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-confirmation-bn-${width}`);

    await page.getByRole("link", { name: bnOrders["orders.viewMyOrders"] }).click();
    await page.getByRole("heading", { level: 2, name: bnOrders["orders.myOrdersTitle"] }).waitFor();
    const orders = page.getByRole("list", { name: bnOrders["orders.listLabel"] }).getByRole("article");
    await orders.first().waitFor();
    expect(await orders.first().innerText()).toMatch(BENGALI_DIGIT);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-my-orders-bn-${width}`);

    // The order's mail, caught by the test SMTP server, is in her language.
    await smtp.waitFor((received) =>
      received.some(
        (mail) =>
          [mail.to ?? []].flat().some((to) => to.value.some((entry) => entry.address === email)) &&
          BENGALI_LETTER.test(mail.subject ?? ""),
      ),
    );
    const mail = smtp.to(email).find((received) => BENGALI_LETTER.test(received.subject ?? ""))!;
    expect(mail.text ?? "").toMatch(BENGALI_DIGIT);
    expect(order.number).toBeGreaterThan(0);
    await context.close();
  });

  it("shows the owner's insights in Bengali", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport, locale: "bn-BD" });
    await page.goto("/dashboard/insights");
    await page.getByRole("heading", { name: bnInsights["insights.title"] }).first().waitFor();
    expect(await htmlLang(page)).toBe("bn");
    if (phone(viewport)) await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `languages-insights-bn-${width}`);
    await context.close();
  });
});
