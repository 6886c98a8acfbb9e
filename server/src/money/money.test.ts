import { randomUUID } from "node:crypto";
import type { Quote } from "@shop/contract/money";
import type { Order } from "@shop/contract/orders";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import {
  cartLines,
  couponRedemptions,
  coupons,
  mails,
  orders,
  productVariants,
  refunds,
  shippingMethods,
  users,
} from "../db/schema";
import type { MailMessage } from "../mail/mail-kinds";
import { renderMail } from "../mail/templates";
import { HttpProblem } from "../http/problem";
import { placeOrder } from "../orders/service";
import type { PaymentProvider } from "../payments/provider";
import type { TestRefundLedger } from "../payments/test-provider";
import { TEST_CARD_SUCCEEDS } from "../payments/test-provider";
import { sendPendingRefunds } from "./refunds";

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["money-admin@shop.test"] } });
  admin = await registerAccount(context.app, "money-admin@shop.test", "Owner");
  await adminCall("POST", "/api/admin/shipping-methods", {
    name: "Standard",
    description: "3–5 working days",
    price: 4.99,
    freeFrom: 50,
    sortOrder: 0,
  });
  await adminCall("POST", "/api/admin/shipping-methods", { name: "Express", price: 14.99, sortOrder: 1 });
});
afterAll(() => context.close());

const delivery = { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" };
const card = { number: TEST_CARD_SUCCEEDS, expiry: "12/39", cvc: "123" };
const ledger = () => context.app.payments as PaymentProvider & TestRefundLedger;

async function adminCall(
  method: "POST" | "PUT" | "PATCH" | "GET",
  url: string,
  payload?: object,
  headers = {},
) {
  return context.app.inject({
    method,
    url,
    headers: { ...admin.headers, ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function shopperWithCart(priceCents: number, quantity = 1) {
  const shopper = await registerAccount(context.app);
  const productId = await insertProduct(context.database.db, { priceCents, stock: 100 });
  const line = await context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: shopper.headers,
    payload: { quantity },
  });
  expect(line.statusCode).toBe(200);
  return { shopper, lineId: line.json()._id as string };
}

const quote = async (shopper: TestAccount, body: object = {}) => {
  const response = await context.app.inject({
    method: "POST",
    url: "/api/cart/quote",
    headers: shopper.headers,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Quote;
};

const checkout = (shopper: TestAccount, lineId: string, extra: object = {}) =>
  context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: { lineIds: [lineId], delivery, card, ...extra },
  });

const methodId = async (name: string) =>
  (await context.database.db.select().from(shippingMethods).where(eq(shippingMethods.name, name)))[0]!.id;

async function createCoupon(body: object) {
  const code = `C${randomUUID().slice(0, 8).toUpperCase()}`;
  const response = await adminCall("POST", "/api/admin/coupons", {
    code,
    kind: "percent",
    value: 10,
    ...body,
  });
  expect(response.statusCode).toBe(201);
  return code;
}

/** The mails of this kind queued for a shopper, rendered as the sender renders them. */
async function mailsTo(email: string, kind: MailMessage["kind"]) {
  const rows = await context.database.db
    .select()
    .from(mails)
    .where(and(eq(mails.recipient, email), eq(mails.kind, kind)))
    .orderBy(asc(mails.createdAt));
  return Promise.all(
    rows.map(async (row) => {
      const rendered = await renderMail({ kind, data: row.data } as MailMessage, {
        baseUrl: "http://shop.test",
      });
      // The subject stored when it was queued (the Mail page lists it) is the one it is sent with.
      expect(rendered.subject).toBe(row.subject);
      return rendered;
    }),
  );
}

describe("shipping at checkout", () => {
  it("preselects the first method, charges the chosen one and stores it on the order", async () => {
    const { shopper, lineId } = await shopperWithCart(2000);
    const first = await quote(shopper);
    expect(first).toMatchObject({ subtotal: 20, shipping: 4.99, total: 24.99 });
    expect(first.shippingMethods.map((method) => [method.name, method.cost])).toEqual([
      ["Standard", 4.99],
      ["Express", 14.99],
    ]);
    const express = await methodId("Express");
    expect(await quote(shopper, { shippingMethodId: express })).toMatchObject({
      shipping: 14.99,
      total: 34.99,
    });

    const response = await checkout(shopper, lineId, { shippingMethodId: express });
    expect(response.statusCode).toBe(201);
    const order = response.json() as Order;
    expect(order.total).toBe(34.99);
    expect(order.money).toMatchObject({
      subtotal: 20,
      discount: 0,
      shipping: 14.99,
      shippingMethod: "Express",
    });
    const again = await context.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(again.json().money).toEqual(order.money);
    // The confirmation mail shows the same figures.
    const [mail] = await context.database.db
      .select()
      .from(mails)
      .where(and(eq(mails.recipient, shopper.email), eq(mails.kind, "order-confirmation")));
    const rendered = await renderMail({ kind: "order-confirmation", data: mail!.data } as MailMessage, {
      baseUrl: "http://shop.test",
    });
    for (const line of ["Subtotal: $20.00", "Shipping (Express): $14.99", "Total: $34.99"]) {
      expect(rendered.text).toContain(line);
    }
    expect(rendered.html).toContain("Shipping (Express)");
  });

  it("ships Standard free from $50 of goods", async () => {
    const { shopper } = await shopperWithCart(2500, 2);
    expect(await quote(shopper)).toMatchObject({ subtotal: 50, shipping: 0, total: 50 });
  });

  it("refuses an unknown or inactive shipping method with a clear 409", async () => {
    const { shopper, lineId } = await shopperWithCart(2000);
    const response = await checkout(shopper, lineId, { shippingMethodId: randomUUID() });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.shippingMethodId).toMatch(/shipping method/);
  });
});

describe("coupons", () => {
  it("explains why a code does not apply", async () => {
    const { shopper } = await shopperWithCart(2000);
    const day = 86_400_000;
    const cases: [object, RegExp][] = [
      [
        {
          endsAt: new Date(Date.now() - 2 * day).toISOString(),
          startsAt: new Date(Date.now() - 3 * day).toISOString(),
        },
        // Expired, not started, switched off, unknown: one answer, so guessing learns nothing.
        /^This code is not valid\.$/,
      ],
      [{ startsAt: new Date(Date.now() + day).toISOString() }, /^This code is not valid\.$/],
      [{ minSubtotal: 30 }, /at least \$30\.00/],
      [{ active: false }, /^This code is not valid\.$/],
    ];
    for (const [terms, message] of cases) {
      const code = await createCoupon(terms);
      const answer = await quote(shopper, { couponCode: code.toLowerCase() });
      expect(answer.coupon).toMatchObject({ applied: false, message: expect.stringMatching(message) });
      expect(answer.discount).toBe(0);
    }
    expect((await quote(shopper, { couponCode: "NOSUCHCODE" })).coupon?.message).toBe(
      "This code is not valid.",
    );
  });

  it("limits codes that do not apply per session and per address, and answers 429 before looking a code up", async () => {
    const limited = await createTestApp({
      rateLimits: {
        couponMissesPerSession: { max: 3, windowMs: 60_000 },
        couponMissesPerAddress: { max: 5, windowMs: 60_000 },
      },
    });
    try {
      const first = await registerAccount(limited.app, uniqueEmail("guesser"));
      const second = await registerAccount(limited.app, uniqueEmail("guesser-too"));
      const ask = (account: TestAccount, couponCode?: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/cart/quote",
          headers: account.headers,
          payload: couponCode ? { couponCode } : {},
        });
      for (let guess = 0; guess < 3; guess++)
        expect((await ask(first, `GUESS${guess}`)).statusCode).toBe(200);
      const refused = await ask(first, "GUESS9");
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      // The bag still prices without a code.
      expect((await ask(first)).statusCode).toBe(200);
      // Another session from the same address meets the address's ceiling (5) after two more.
      expect((await ask(second, "OTHER1")).statusCode).toBe(200);
      expect((await ask(second, "OTHER2")).statusCode).toBe(200);
      expect((await ask(second, "OTHER3")).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("counts codes that do not apply at checkout in the same tier as the quote's", async () => {
    const limited = await createTestApp({
      rateLimits: { couponMissesPerSession: { max: 2, windowMs: 60_000 } },
    });
    try {
      const shopper = await registerAccount(limited.app, uniqueEmail("checkout-guesser"));
      const productId = await insertProduct(limited.database.db, { priceCents: 1500, stock: 10 });
      const line = await limited.app.inject({
        method: "PUT",
        url: `/api/cart/${productId}`,
        headers: shopper.headers,
        payload: { quantity: 1 },
      });
      const pay = (couponCode: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/orders",
          headers: { ...shopper.headers, "idempotency-key": randomUUID() },
          payload: { lineIds: [line.json()._id], delivery, card, couponCode },
        });
      expect((await pay("GUESS1")).statusCode).toBe(409);
      expect((await pay("GUESS2")).statusCode).toBe(409);
      // Past the limit: refused before the code is looked up, at checkout and in the quote.
      expect((await pay("GUESS3")).statusCode).toBe(429);
      const quoted = await limited.app.inject({
        method: "POST",
        url: "/api/cart/quote",
        headers: shopper.headers,
        payload: { couponCode: "GUESS4" },
      });
      expect(quoted.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("gives its discount once per customer, and counts the use", async () => {
    const code = await createCoupon({ kind: "fixed", value: 5 });
    const { shopper, lineId } = await shopperWithCart(2000);
    expect(await quote(shopper, { couponCode: code })).toMatchObject({
      discount: 5,
      shipping: 4.99,
      total: 19.99,
    });
    const placed = await checkout(shopper, lineId, { couponCode: code });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().money).toMatchObject({ discount: 5, couponCode: code, total: 19.99 });

    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${await insertProduct(context.database.db, { priceCents: 2000 })}`,
      headers: shopper.headers,
      payload: { quantity: 1 },
    });
    expect((await quote(shopper, { couponCode: code })).coupon?.message).toBe(
      "You have already used this code.",
    );
    const second = await checkout(shopper, line.json()._id, { couponCode: code });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors.couponCode).toBe("You have already used this code.");
    const listed = (await adminCall("GET", "/api/admin/coupons")).json() as { code: string; used: number }[];
    expect(listed.find((coupon) => coupon.code === code)?.used).toBe(1);
  });

  it("refuses a malformed coupon with per-field errors", async () => {
    const response = await adminCall("POST", "/api/admin/coupons", {
      code: "x",
      kind: "percent",
      value: 150,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(["code"]));
    const percent = await adminCall("POST", "/api/admin/coupons", {
      code: "TOOMUCH",
      kind: "percent",
      value: 150,
    });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().errors.value).toMatch(/1 to 100/);
  });

  it("holds its usage limit under a race: 200 shoppers, a 50-use coupon, exactly 50 discounted orders", async () => {
    const code = await createCoupon({ usageLimit: 50 });
    const db = context.database.db;
    const shoppers = await db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          name: `Racer ${index}`,
          email: `racer-${index}-${randomUUID().slice(0, 6)}@shop.test`,
          emailVerified: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    // A product per shopper: the coupon's row is the only thing they share.
    const lines: string[] = [];
    for (const shopper of shoppers) {
      const productId = await insertProduct(db, { priceCents: 3000, stock: 1 });
      // A product made without options has its one default variant (made by the database).
      const [variant] = await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      const [line] = await db
        .insert(cartLines)
        .values({ userId: shopper.id, productId, variantId: variant!.id, quantity: 1 })
        .returning();
      lines.push(line!.id);
    }
    // Each shopper retries with the same idempotency key when the server is busy (no connection
    // free within the pool's timeout), as the SPA does on a 503: only a coupon answer is final.
    const shop = async (shopper: { id: string; email: string }, lineId: string) => {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        try {
          return await placeOrder(
            db,
            context.app.payments,
            shopper,
            { lineIds: [lineId], delivery, card, couponCode: code },
            key,
          );
        } catch (error) {
          if (error instanceof HttpProblem || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
        }
      }
    };
    const results = await Promise.allSettled(shoppers.map((shopper, index) => shop(shopper, lines[index]!)));
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(placed).toHaveLength(50);
    for (const result of refused)
      expect((result as PromiseRejectedResult).reason.detail).toBe("This code has been used up.");
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon!.usedCount).toBe(50);
    expect(await db.$count(orders, eq(orders.couponId, coupon!.id))).toBe(50);
    expect(await db.$count(couponRedemptions, eq(couponRedemptions.couponId, coupon!.id))).toBe(50);
  }, 120_000);
});

describe("tax", () => {
  it("shows included tax without adding it, and adds excluded tax to the total", async () => {
    const settings = await adminCall("PUT", "/api/admin/money-settings", {
      taxRate: 20,
      pricesIncludeTax: true,
      returnWindowDays: 30,
    });
    expect(settings.statusCode).toBe(200);
    const included = await shopperWithCart(1200);
    // 12.00 + 4.99 = 16.99, of which 20/120 is tax: 2.83.
    const order = (await checkout(included.shopper, included.lineId)).json() as Order;
    expect(order.money).toMatchObject({
      subtotal: 12,
      shipping: 4.99,
      tax: 2.83,
      taxIncluded: true,
      total: 16.99,
    });

    await adminCall("PUT", "/api/admin/money-settings", {
      taxRate: 8.25,
      pricesIncludeTax: false,
      returnWindowDays: 30,
    });
    const added = await shopperWithCart(10000);
    const taxed = (await checkout(added.shopper, added.lineId)).json() as Order;
    expect(taxed.money).toMatchObject({
      subtotal: 100,
      shipping: 0,
      tax: 8.25,
      taxIncluded: false,
      total: 108.25,
    });

    const bad = await adminCall("PUT", "/api/admin/money-settings", {
      taxRate: 80,
      pricesIncludeTax: false,
      returnWindowDays: 30,
    });
    expect(bad.statusCode).toBe(400);
    await adminCall("PUT", "/api/admin/money-settings", {
      taxRate: 0,
      pricesIncludeTax: true,
      returnWindowDays: 30,
    });
  });
});

describe("refunds", () => {
  it("refunds a cancelled paid order in full, once", async () => {
    const { shopper, lineId } = await shopperWithCart(2000);
    const order = (await checkout(shopper, lineId)).json() as Order;
    const cancelled = await adminCall("PATCH", `/api/admin/orders/${order._id}`, { status: "cancelled" });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().refunds).toEqual([
      expect.objectContaining({ amount: 24.99, status: "succeeded" }),
    ]);
    expect(cancelled.json().money.refunded).toBe(24.99);
    expect(ledger().refunds.get(`cancel:${order._id}`)).toMatchObject({
      paymentId: order.payment.reference,
      amountCents: 2499,
    });
  });

  it("never refunds more than was paid, and one idempotency key refunds once", async () => {
    const { shopper, lineId } = await shopperWithCart(2000);
    const order = (await checkout(shopper, lineId)).json() as Order;
    const key = randomUUID();
    const refund = (amount: number, idempotencyKey = randomUUID()) =>
      adminCall(
        "POST",
        `/api/admin/orders/${order._id}/refunds`,
        { amount, reason: "Damaged box" },
        { "idempotency-key": idempotencyKey },
      );
    expect((await refund(10, key)).statusCode).toBe(201);
    expect((await refund(10, key)).json().money.refunded).toBe(10);
    expect((await refund(14.99)).json().money.refunded).toBe(24.99);
    const tooMuch = await refund(0.01);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors.amount).toMatch(/cannot exceed/);
    // A mail per refund paid back (the repeated key paid nothing, so it tells nothing).
    const refundMails = await mailsTo(shopper.email, "order-refunded");
    expect(refundMails.map((mail) => mail.subject)).toEqual([
      `$10.00 refunded on your order #${order.number}`,
      `$14.99 refunded on your order #${order.number}`,
    ]);
    expect(refundMails[1]!.text).toContain("Refunded on this order so far: $24.99 of $24.99.");
    expect(refundMails[1]!.text).toContain("(Damaged box)");
    // Cancelling now refunds nothing more: all of it went back already.
    const cancelled = await adminCall("PATCH", `/api/admin/orders/${order._id}`, { status: "cancelled" });
    expect(cancelled.json().refunds).toHaveLength(2);
  });

  it("after a crash mid-refund, the retry refunds once: the intent's key goes to the provider again", async () => {
    const { shopper, lineId } = await shopperWithCart(2000);
    const order = (await checkout(shopper, lineId)).json() as Order;
    const db = context.database.db;
    const real = context.app.payments;
    // The provider refunds, then the answer is lost (process killed, network cut).
    const crashing: PaymentProvider = {
      ...real,
      async refund(paymentId, amountCents, idempotencyKey) {
        await real.refund(paymentId, amountCents, idempotencyKey);
        throw new Error("connection reset");
      },
    };
    await db.transaction(async (tx) => {
      const { recordRefundIntent } = await import("./refunds");
      const [row] = await tx.select().from(orders).where(eq(orders.id, order._id)).for("update");
      await recordRefundIntent(tx, row!, {
        amountCents: 700,
        reason: "Late",
        idempotencyKey: `crash:${order._id}`,
      });
    });
    await sendPendingRefunds(db, crashing, order._id);
    const [pending] = await db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(pending!.status).toBe("pending");
    await sendPendingRefunds(db, real, order._id);
    const [done] = await db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(done!.status).toBe("succeeded");
    const toThisPayment = [...ledger().refunds.values()].filter(
      (entry) => entry.paymentId === order.payment.reference,
    );
    expect(toThisPayment).toEqual([expect.objectContaining({ amountCents: 700 })]);
  });
});

describe("returns", () => {
  async function deliveredOrder() {
    const { shopper, lineId } = await shopperWithCart(3000, 2);
    const order = (await checkout(shopper, lineId)).json() as Order;
    for (const status of ["shipped", "delivered"]) {
      expect((await adminCall("PATCH", `/api/admin/orders/${order._id}`, { status })).statusCode).toBe(200);
    }
    return { shopper, order };
  }
  const requestReturn = (shopper: TestAccount, order: Order, lineIds = order.lines.map((line) => line._id)) =>
    context.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/returns`,
      headers: shopper.headers,
      payload: { lineIds, reason: "Too small" },
    });
  const act = (returnId: string, body: object) => adminCall("PATCH", `/api/admin/returns/${returnId}`, body);

  it("goes request → approve → received with restock → refunded, and the refund is the goods' value", async () => {
    const { shopper, order } = await deliveredOrder();
    const productId = order.lines[0]!.productId!;
    const stockBefore = (await context.app.inject({ url: `/api/productdetail/${productId}` })).json().stock;
    const requested = await requestReturn(shopper, order);
    expect(requested.statusCode).toBe(201);
    const entry = requested.json().returns[0];
    expect(entry).toMatchObject({ status: "requested", amount: 60, lineIds: [order.lines[0]!._id] });
    // A line is returned once.
    expect((await requestReturn(shopper, order)).statusCode).toBe(409);
    // Refunding before it is received is refused.
    expect((await act(entry._id, { action: "refund" })).statusCode).toBe(409);
    expect((await act(entry._id, { action: "approve" })).statusCode).toBe(200);
    const [approvedMail] = await mailsTo(shopper.email, "return-approved");
    expect(approvedMail!.subject).toBe(`Your return for order #${order.number} is approved`);
    expect(approvedMail!.text).toContain(`Your return of ${order.lines[0]!.name}`);
    expect((await act(entry._id, { action: "receive", restock: true })).json().returns[0].restocked).toBe(
      true,
    );
    const stockAfter = (await context.app.inject({ url: `/api/productdetail/${productId}` })).json().stock;
    expect(stockAfter).toBe(stockBefore + 2);
    const refunded = (await act(entry._id, { action: "refund" })).json() as Order;
    expect(refunded.returns[0]!.status).toBe("refunded");
    // Shipping (free here: $60 of goods) is not refunded; the goods are, in full.
    expect(refunded.refunds).toEqual([
      expect.objectContaining({ amount: 60, status: "succeeded", reason: "Return" }),
    ]);
    expect(ledger().refunds.get(`return:${entry._id}`)?.amountCents).toBe(6000);
    const [refundedMail] = await mailsTo(shopper.email, "order-refunded");
    expect(refundedMail!.subject).toBe(`$60.00 refunded on your order #${order.number}`);
    expect(refundedMail!.text).toContain("(Return)");
  });

  it("tells the shopper when a return is rejected, naming the items", async () => {
    const { shopper, order } = await deliveredOrder();
    const entry = (await requestReturn(shopper, order)).json().returns[0];
    expect((await act(entry._id, { action: "reject" })).json().returns[0].status).toBe("rejected");
    const rejected = await mailsTo(shopper.email, "return-rejected");
    expect(rejected.map((mail) => mail.subject)).toEqual([
      `Your return for order #${order.number} was not accepted`,
    ]);
    expect(rejected[0]!.text).toContain(`We could not accept the return of ${order.lines[0]!.name}`);
    expect(await mailsTo(shopper.email, "return-approved")).toEqual([]);
  });

  it("refuses a return of an order not delivered, of another's order, or after the window", async () => {
    const { shopper, lineId } = await shopperWithCart(3000);
    const paid = (await checkout(shopper, lineId)).json() as Order;
    const notDelivered = await requestReturn(shopper, paid);
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json().detail).toBe("Only a delivered order can be returned.");

    const { order } = await deliveredOrder();
    expect((await requestReturn(shopper, order)).statusCode).toBe(404);

    const { shopper: late, order: old } = await deliveredOrder();
    await context.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(orders.id, old._id));
    const closed = await requestReturn(late, old);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe("Returns are accepted within 30 days of delivery.");
  });
});
