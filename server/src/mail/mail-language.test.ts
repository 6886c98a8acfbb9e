import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { GuestBrowser } from "../../test/support/guest";
import { checkOutNewProduct, TEST_DELIVERY } from "../../test/support/orders";
import { startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { createTestApp, FAST_MAIL, type TestContext } from "../../test/support/test-app";
import { mails, orders } from "../db/schema";
import { TEST_CARD_SUCCEEDS } from "../payments/test-provider";
import type { ParcelData } from "./mail-kinds";
import { mailLanguage, setMailLanguages } from "./mail-language";
import { renderMail } from "./templates";

/**
 * Mails in the recipient's language (decision 041): an account's follow users.language, a guest's
 * the language the checkout came in; English mails stay as they always were.
 */
let smtp: SmtpSink;
let context: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  context = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      languages: ["en", "bn"],
      defaultLanguage: "en",
      guestCheckout: true,
      publicCatalogue: true,
    },
    mail: FAST_MAIL,
  });
}, 60_000);
afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** $39.98 as Intl writes it for bn: Bengali digits, a no-break space, "US$". */
const BENGALI_TOTAL = "৩৯.৯৮\u00a0US$";
/** Bengali letters (U+0980–U+09FF) and Bengali digits. */
const BENGALI = /[\u0980-\u09FF]/;

async function chooseLanguage(account: TestAccount, language: string) {
  const saved = await context.app.inject({
    method: "PUT",
    url: "/api/account/language",
    headers: account.headers,
    payload: { language },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const arrived = async (email: string, subject: string) => {
  await smtp.waitFor(() => smtp.to(email).some((mail) => mail.subject === subject));
  return smtp.to(email).find((mail) => mail.subject === subject)!;
};

describe("an account's mails", () => {
  it("come in Bengali when the account chose bn: the order confirmation, amounts in Bengali digits", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("rahim"), "Rahim");
    await chooseLanguage(shopper, "bn");
    const placed = await checkOutNewProduct(context.app, shopper, 1999);
    expect(placed.statusCode).toBe(201);
    const { number } = placed.json<{ number: number }>();

    const mail = await arrived(shopper.email, `আপনার অর্ডার #${number} নিশ্চিত হয়েছে`);
    // Order mails greet the delivery name.
    expect(mail.text).toContain("প্রিয় Ann Lee,");
    expect(mail.text).toContain(`অর্ডার #${number}-এর জন্য আপনাকে ধন্যবাদ।`);
    // 2 × $19.99 in Bengali: digits ০–৯, as Intl writes US dollars for bn.
    expect(mail.text).toContain(`মোট: ${BENGALI_TOTAL}`);
    expect(mail.text).toContain("২ × Test Product");
    expect(mail.html).toContain(BENGALI_TOTAL);
    expect(mail.html).toContain("আপনার অর্ডার দেখুন");
    expect(mail.text).not.toMatch(/Total|Thank you|Delivery to/);
    const [row] = await context.database.db
      .select({ language: mails.language })
      .from(mails)
      .where(and(eq(mails.recipient, shopper.email), eq(mails.kind, "order-confirmation")));
    expect(row?.language).toBe("bn");
  });

  it("send a bn account's password reset in Bengali", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("karim"), "Karim");
    await chooseLanguage(shopper, "bn");
    const asked = await context.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      // The page that asked is English: the account's own choice wins.
      headers: { "accept-language": "en" },
      payload: { email: shopper.email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await arrived(shopper.email, "আপনার Trendsetters পাসওয়ার্ড রিসেট করুন");
    expect(mail.text).toContain("লিংকটি একবারই কাজ করবে, ৬০ মিনিট পর্যন্ত।");
    expect(mail.html).toContain("নতুন পাসওয়ার্ড বেছে নিন");
    expect(mail.text).not.toContain("Choose a new password");
  });

  it("stay as today's English mails for an English account", async () => {
    const shopper = await registerAccount(context.app, uniqueEmail("ann"), "Ann");
    await chooseLanguage(shopper, "en");
    const placed = await checkOutNewProduct(context.app, shopper, 1999);
    const { number } = placed.json<{ number: number }>();
    const mail = await arrived(shopper.email, `Your order #${number} is confirmed`);
    expect(mail.text).toContain("Hello Ann Lee,");
    expect(mail.text).toContain(`Thank you for your order #${number}. We are getting it ready.`);
    expect(mail.text).toMatch(/^2 × Test Product \d+ @ \$19\.99 = \$39\.98$/m);
    expect(mail.text).toContain("Total: $39.98");
    expect(mail.html).toContain("$39.98");
    expect(`${mail.subject}${mail.text}`).not.toMatch(BENGALI);

    await context.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: { "accept-language": "bn" },
      payload: { email: shopper.email },
    });
    const reset = await arrived(shopper.email, "Reset your Trendsetters password");
    expect(reset.text).toContain("The link works once, for 60 minutes.");
  });

  it("follow the page's language when the account has none stored: sign-up from a Bengali page", async () => {
    const email = uniqueEmail("nila");
    const signUp = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { cookie: "shop_lang=bn" },
      payload: { name: "Nila", email, password: "violet-harbour-42" },
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await arrived(email, "Trendsetters-এর জন্য আপনার ই-মেইল ঠিকানা নিশ্চিত করুন");
    expect(mail.text).toContain("প্রিয় Nila,");
  });
});

describe("a guest's mails", () => {
  const card = { number: TEST_CARD_SUCCEEDS, expiry: "12/39", cvc: "123" };

  /** A guest's checkout of one new product (2 × $19.99) with these language headers. */
  async function guestCheckout(email: string, headers: (bagCookie: string) => Record<string, string>) {
    const browser = new GuestBrowser(context.app, card);
    const productId = await insertProduct(context.database.db, { priceCents: 1999 });
    expect((await browser.add(productId, 2)).statusCode).toBe(200);
    const lineIds = (await browser.bag()).lines.map((line) => line._id);
    const placed = await browser.request(
      "POST",
      "/api/guest-orders",
      { email, lineIds, delivery: TEST_DELIVERY, card },
      { "idempotency-key": randomUUID(), ...headers(browser.cookie!) },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json<{ _id: string; number: number }>();
  }

  it("come in Bengali after a checkout with Accept-Language: bn, the order keeping its language", async () => {
    const email = uniqueEmail("guest-bn");
    const order = await guestCheckout(email, (cookie) => ({ cookie, "accept-language": "bn-BD,bn;q=0.9" }));
    const mail = await arrived(email, `আপনার অর্ডার #${order.number} নিশ্চিত হয়েছে`);
    expect(mail.text).toContain("প্রিয় Ann Lee,");
    expect(mail.text).toContain(`মোট: ${BENGALI_TOTAL}`);
    const [row] = await context.database.db
      .select({ language: orders.language })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.language).toBe("bn");

    // A later mail about the order follows the order, whatever page asks for it.
    const find = await context.app.inject({
      method: "POST",
      url: "/api/order-links/find",
      headers: { "accept-language": "en" },
      payload: { number: order.number, email },
    });
    expect(find.statusCode).toBe(202);
    const link = await arrived(email, `আপনার অর্ডার #${order.number}-এর লিংক`);
    expect(link.text).toContain("আপনার অর্ডার দেখুন: ");
  });

  it("follow the shop_lang cookie, and English without one", async () => {
    const bengali = uniqueEmail("guest-cookie");
    const inBengali = await guestCheckout(bengali, (cookie) => ({
      cookie: `${cookie}; shop_lang=bn`,
      "accept-language": "en",
    }));
    await arrived(bengali, `আপনার অর্ডার #${inBengali.number} নিশ্চিত হয়েছে`);

    const english = uniqueEmail("guest-en");
    const inEnglish = await guestCheckout(english, (cookie) => ({
      cookie,
      "accept-language": "fr, en;q=0.5",
    }));
    const mail = await arrived(english, `Your order #${inEnglish.number} is confirmed`);
    expect(mail.text).toContain("Total: $39.98");
  });
});

describe("a shipped mail's parcels", () => {
  const shipped = (items: ParcelData["items"]) => ({
    kind: "order-shipped" as const,
    data: {
      orderId: randomUUID(),
      number: 1042,
      name: "Ann Lee",
      lines: [{ name: "Linen Dress (Size: M)", quantity: 12, unitPriceCents: 1999, totalCents: 23988 }],
      totalCents: 23988,
      delivery: { name: "Ann Lee", address: "12 Lake Road", city: "Dhaka", phone: "01712345678" },
      parcels: [{ carrier: "DHL", trackingNumber: "JD01", trackingUrl: null, items, isNew: true }],
    },
  });
  const context = { baseUrl: "https://shop.example" };

  it("count their lines in the mail's digits: Bengali in bn, as always in English", async () => {
    const items = [{ quantity: 12, name: "Linen Dress (Size: M)" }];
    const bengali = await renderMail(shipped(items), context, "bn");
    expect(bengali.text).toContain("  ১২ × Linen Dress (Size: M)");
    expect(bengali.html).toContain("১২ × Linen Dress (Size: M)");
    const english = await renderMail(shipped(items), context, "en");
    expect(english.text).toContain("  12 × Linen Dress (Size: M)");
  });

  it("show a mail queued with its lines already written as they were written", async () => {
    const rendered = await renderMail(shipped(["2 × Canvas Tote"]), context, "bn");
    expect(rendered.text).toContain("  2 × Canvas Tote");
  });
});

describe("the mail's language", () => {
  it("is one the shop offers, else its default", () => {
    try {
      setMailLanguages({ languages: ["en"], defaultLanguage: "en" });
      expect(mailLanguage("bn", null)).toBe("en");
      setMailLanguages({ languages: ["bn", "en"], defaultLanguage: "bn" });
      expect(mailLanguage(null, "xx", undefined)).toBe("bn");
      expect(mailLanguage(null, "en", "bn")).toBe("en");
    } finally {
      setMailLanguages(context.app.config);
    }
  });
});
