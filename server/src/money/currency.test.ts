import { randomUUID } from "node:crypto";
import type { Quote } from "@shop/contract/money";
import type { Order } from "@shop/contract/orders";
import { parse } from "csv-parse/sync";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { loadConfig } from "../config";
import { mails, orders, products } from "../db/schema";
import type { MailMessage } from "../mail/mail-kinds";
import { renderMail } from "../mail/templates";
import type { PaymentProvider } from "../payments/provider";
import type { TestRefundLedger } from "../payments/test-provider";
import { TEST_CARD_SUCCEEDS } from "../payments/test-provider";
import { currencyChangeRefusal } from "./currency-guard";

/**
 * SHOP_CURRENCY with other minor units than the dollar's (decision 040): every figure stays exact
 * to the currency's minor unit, from the admin's inputs through totals, tax, refunds and CSV.
 * Each case is one shop; the cases run one after the other (the currency is the process's).
 */
type CurrencyCase = {
  currency: "JPY" | "KWD";
  /** Shipping method: its price and free-from threshold, in major units. */
  shipping: { price: number; freeFrom: number };
  productCents: number;
  coupon: { kind: "percent" | "fixed"; value: number };
  /** The expected order with tax 8.25 % added, in major units. */
  expected: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
  /** An amount with one decimal too many, refused everywhere. */
  tooPrecise: number;
  tooPreciseText: string;
  rateMessage: string;
  priceMessage: string;
  /** Partial refunds that add up to the total, and the mail's subject for the first. */
  refunds: [number, number];
  firstRefundSubject: RegExp;
  /** The smallest amount: refunding it once everything is back is refused. */
  oneMinorUnit: number;
  /** The product's price and the order's total as the CSV files write them. */
  csvPrice: string;
  csvTotal: string;
  mailTotal: RegExp;
};

const CASES: CurrencyCase[] = [
  {
    currency: "JPY",
    shipping: { price: 500, freeFrom: 5000 },
    productCents: 1234,
    coupon: { kind: "fixed", value: 100 },
    // 1234 − 100 + 500 = 1634; tax 1634 × 8.25 % = 134.805 -> 135.
    expected: { subtotal: 1234, discount: 100, shipping: 500, tax: 135, total: 1769 },
    tooPrecise: 4.5,
    tooPreciseText: "12.5",
    rateMessage: "Enter an amount in JPY, such as 500",
    priceMessage: "Price must be a positive whole amount",
    refunds: [700, 1069],
    firstRefundSubject: /^¥700 refunded on your order #\d+$/,
    oneMinorUnit: 1,
    csvPrice: "1234",
    csvTotal: "1769",
    mailTotal: /Total: ¥1,769/,
  },
  {
    currency: "KWD",
    shipping: { price: 1.25, freeFrom: 20 },
    productCents: 3455,
    coupon: { kind: "percent", value: 10 },
    // 10 % of 3.455 = 0.3455 -> 0.346; 3.109 + 1.250 = 4.359; tax 4.359 × 8.25 % = 0.3596… -> 0.360.
    expected: { subtotal: 3.455, discount: 0.346, shipping: 1.25, tax: 0.36, total: 4.719 },
    tooPrecise: 1.2345,
    tooPreciseText: "1.2345",
    rateMessage: "Enter an amount in KWD, such as 4.990",
    priceMessage: "Price must be a positive amount with at most 3 decimals",
    refunds: [1.001, 3.718],
    firstRefundSubject: /^KWD\s1\.001 refunded on your order #\d+$/,
    oneMinorUnit: 0.001,
    csvPrice: "3.455",
    csvTotal: "4.719",
    mailTotal: /Total: KWD\s4\.719/,
  },
];

const delivery = { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" };
const card = { number: TEST_CARD_SUCCEEDS, expiry: "12/39", cvc: "123" };

describe.each(CASES)("a shop selling in $currency", (currencyCase) => {
  const ADMIN = `currency-${currencyCase.currency.toLowerCase()}@shop.test`;
  let context: TestContext;
  let admin: TestAccount;
  let order: Order;
  let productId: string;

  const adminCall = (method: "POST" | "PUT" | "PATCH" | "GET", url: string, payload?: object, headers = {}) =>
    context.app.inject({
      method,
      url,
      headers: { ...admin.headers, ...headers },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    context = await createTestApp({
      config: { adminEmails: [ADMIN], shopCurrency: currencyCase.currency },
    });
    admin = await registerAccount(context.app, ADMIN);
    const method = await adminCall("POST", "/api/admin/shipping-methods", {
      name: "Standard",
      price: currencyCase.shipping.price,
      freeFrom: currencyCase.shipping.freeFrom,
    });
    expect(method.statusCode, method.body).toBe(201);
    const settings = await adminCall("PUT", "/api/admin/money-settings", {
      taxRate: 8.25,
      pricesIncludeTax: false,
      returnWindowDays: 30,
    });
    expect(settings.statusCode).toBe(200);
    productId = await insertProduct(context.database.db, {
      name: `Priced in ${currencyCase.currency}`,
      priceCents: currencyCase.productCents,
      stock: 50,
    });
  });
  afterAll(() => context.close());

  it("prices the bag and the order exactly: coupon, shipping, tax and total in minor units", async () => {
    const coupon = `CUR${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await adminCall("POST", "/api/admin/coupons", { code: coupon, ...currencyCase.coupon });
    expect(created.statusCode, created.body).toBe(201);
    const shopper = await registerAccount(context.app);
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: shopper.headers,
      payload: { quantity: 1 },
    });
    expect(line.statusCode).toBe(200);
    expect(line.json().price).toBe(
      currencyCase.productCents / 10 ** (currencyCase.currency === "JPY" ? 0 : 3),
    );

    const quote = await context.app.inject({
      method: "POST",
      url: "/api/cart/quote",
      headers: shopper.headers,
      payload: { couponCode: coupon },
    });
    expect(quote.json() as Quote).toMatchObject({ ...currencyCase.expected, taxIncluded: false });

    const placed = await context.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: { lineIds: [line.json()._id], delivery, card, couponCode: coupon },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    order = placed.json() as Order;
    expect(order.total).toBe(currencyCase.expected.total);
    expect(order.money).toMatchObject(currencyCase.expected);
    // The provider was charged the total in minor units, and the order keeps its currency.
    const [row] = await context.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({
      currency: currencyCase.currency,
      totalCents: Math.round(currencyCase.expected.total * (currencyCase.currency === "JPY" ? 1 : 1000)),
    });

    const [mail] = await context.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.recipient, shopper.email), eq(mails.kind, "order-confirmation")));
    const rendered = await renderMail({ kind: "order-confirmation", data: mail!.data } as MailMessage, {
      baseUrl: "http://shop.test",
    });
    expect(rendered.text).toMatch(currencyCase.mailTotal);
    expect(rendered.text).not.toContain("$");
  });

  it("ships free from the threshold in the currency's units", async () => {
    const shopper = await registerAccount(context.app);
    const dear = await insertProduct(context.database.db, {
      priceCents: Math.round(currencyCase.shipping.freeFrom * (currencyCase.currency === "JPY" ? 1 : 1000)),
      stock: 5,
    });
    await context.app.inject({
      method: "PUT",
      url: `/api/cart/${dear}`,
      headers: shopper.headers,
      payload: { quantity: 1 },
    });
    const quote = await context.app.inject({
      method: "POST",
      url: "/api/cart/quote",
      headers: shopper.headers,
      payload: {},
    });
    expect(quote.json()).toMatchObject({ subtotal: currencyCase.shipping.freeFrom, shipping: 0 });
  });

  it("refuses amounts with more decimals than the currency has, saying how many it takes", async () => {
    const shipping = await adminCall("POST", "/api/admin/shipping-methods", {
      name: "Too precise",
      price: currencyCase.tooPrecise,
    });
    expect(shipping.statusCode).toBe(400);
    expect(JSON.stringify(shipping.json())).toContain(currencyCase.rateMessage);
    const coupon = await adminCall("POST", "/api/admin/coupons", {
      code: "TOOPRECISE",
      kind: "fixed",
      value: currencyCase.tooPrecise,
    });
    expect(coupon.statusCode).toBe(400);
  });

  it("refunds in parts exactly to the total, and not one minor unit more", async () => {
    const refund = (amount: number) =>
      adminCall(
        "POST",
        `/api/admin/orders/${order._id}/refunds`,
        { amount, reason: "Partial" },
        { "idempotency-key": randomUUID() },
      );
    const first = await refund(currencyCase.refunds[0]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().money.refunded).toBe(currencyCase.refunds[0]);
    const factor = currencyCase.currency === "JPY" ? 1 : 1000;
    const ledger = context.app.payments as PaymentProvider & TestRefundLedger;
    expect([...ledger.refunds.values()].map((entry) => entry.amountCents)).toContain(
      Math.round(currencyCase.refunds[0] * factor),
    );
    const tooPrecise = await refund(currencyCase.tooPrecise);
    expect(tooPrecise.statusCode).toBe(400);
    const second = await refund(currencyCase.refunds[1]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().money.refunded).toBe(currencyCase.expected.total);
    const tooMuch = await refund(currencyCase.oneMinorUnit);
    expect(tooMuch.statusCode).toBe(409);

    const subjects = (
      await context.database.db
        .select()
        .from(mails)
        .where(and(eq(mails.recipient, order.email), eq(mails.kind, "order-refunded")))
        .orderBy(asc(mails.createdAt))
    ).map((mail) => mail.subject);
    expect(subjects[0]).toMatch(currencyCase.firstRefundSubject);
  });

  it("writes prices and totals to CSV with the currency's decimals, and reads them back to the same minor units", async () => {
    const exported = await adminCall("GET", "/api/admin/export/products.csv");
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body) as string[][];
    const mine = rows.find((cells) => cells[0] === productId);
    expect(mine?.[3]).toBe(currencyCase.csvPrice);

    const before = await context.database.db.select().from(products).orderBy(asc(products.id));
    const reimported = await context.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      headers: { ...admin.headers, "content-type": "text/csv" },
      payload: exported.body,
    });
    expect(reimported.statusCode, reimported.body).toBe(200);
    const after = await context.database.db.select().from(products).orderBy(asc(products.id));
    expect(after.map((product) => product.priceCents)).toEqual(before.map((product) => product.priceCents));

    const header = rows[0]!.join(",");
    const bad = await context.app.inject({
      method: "POST",
      url: "/api/admin/import/products/preview",
      headers: { ...admin.headers, "content-type": "text/csv" },
      payload: `${header}\n,Too precise,gadgets,${currencyCase.tooPreciseText},1,Text,https://images.example.com/a.webp\n`,
    });
    expect(bad.statusCode, bad.body).toBe(200);
    expect(JSON.stringify(bad.json().errors)).toContain(currencyCase.priceMessage);

    const today = new Date().toISOString().slice(0, 10);
    const ordersCsv = await adminCall("GET", `/api/admin/export/orders.csv?from=${today}&to=${today}`);
    expect(ordersCsv.statusCode).toBe(200);
    const orderRows = parse(ordersCsv.body, { columns: true }) as Record<string, string>[];
    expect(orderRows.find((cells) => cells["order_number"] === String(order.number))?.["order_total"]).toBe(
      currencyCase.csvTotal,
    );
  });

  it("reports insights in the shop's currency", async () => {
    const insights = await adminCall("GET", "/api/admin/insights?days=7");
    expect(insights.statusCode, insights.body).toBe(200);
    expect(insights.json().currency).toBe(currencyCase.currency);
  });

  it("start-up refuses another SHOP_CURRENCY once orders exist, in one line naming both", async () => {
    expect(await currencyChangeRefusal(context.database.db, currencyCase.currency)).toBeNull();
    const refusal = await currencyChangeRefusal(context.database.db, "USD");
    expect(refusal).toMatch(
      new RegExp(
        `^Invalid configuration: SHOP_CURRENCY is USD, but the shop has orders in another currency \\(\\d+ in ${currencyCase.currency}\\)`,
      ),
    );
    expect(refusal).not.toContain("\n");
  });
});

describe("SHOP_CURRENCY setting", () => {
  it("defaults to USD, takes any case, and refuses what is not an ISO 4217 code", () => {
    expect(loadConfig({}).shopCurrency).toBe("USD");
    expect(loadConfig({ SHOP_CURRENCY: "kwd" }).shopCurrency).toBe("KWD");
    expect(() => loadConfig({ SHOP_CURRENCY: "DOLLARS" })).toThrow(
      /^Invalid configuration: SHOP_CURRENCY must be an ISO 4217 currency code/,
    );
    expect(() =>
      loadConfig({
        SHOP_CURRENCY: "HUF",
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
      }),
    ).toThrow(/SHOP_CURRENCY=HUF is not supported with PAYMENT_PROVIDER=stripe/);
  });
});
