import { randomUUID } from "node:crypto";
import { GUEST_MESSAGES } from "@shop/contract/guest";
import type { Order } from "@shop/contract/orders";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../app";
import { registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { GuestBrowser } from "../../test/support/guest";
import { TEST_DELIVERY } from "../../test/support/orders";
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from "../../test/support/stripe-stand-in";
import { buildSecondInstance, createTestApp, type TestContext } from "../../test/support/test-app";
import type { Config } from "../config";
import {
  cartLines,
  couponRedemptions,
  coupons,
  mails,
  orders,
  paymentEvents,
  productVariants,
} from "../db/schema";
import { releaseExpiredHolds } from "../orders/payment-holds";
import type { RedirectPaymentProvider } from "./provider";

const WEBHOOK = "/api/payments/stripe/webhook";
const HOLD_MINUTES = 30;

let standIn: StripeStandIn;
let context: TestContext;
let second: App;
let admin: TestAccount;

const stripeConfig = (): Partial<Config> => ({
  payment: {
    provider: "stripe",
    stripe: { secretKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET, apiUrl: standIn.url },
  },
  paymentHoldMinutes: HOLD_MINUTES,
  adminEmails: ["stripe-admin@shop.test"],
  // Guests pay through Stripe too (docs/decisions/042-guest-checkout.md).
  publicCatalogue: true,
  guestCheckout: true,
});

const postWebhook = (app: App, body: string, signature?: string) =>
  app.inject({
    method: "POST",
    url: WEBHOOK,
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    payload: body,
  });

beforeAll(async () => {
  standIn = await startStripeStandIn();
  context = await createTestApp({ config: stripeConfig() });
  second = await buildSecondInstance(context, { config: stripeConfig() });
  standIn.webhookTarget = async (body, signature) =>
    (await postWebhook(context.app, body, signature)).statusCode;
  admin = await registerAccount(context.app, "stripe-admin@shop.test", "Owner");
});
afterAll(async () => {
  await second.close();
  await context.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.refuseRefunds = null;
  standIn.failSessions = false;
  standIn.holdExpiredEvents = false;
});

const db = () => context.database.db;
const provider = () => context.app.payments as RedirectPaymentProvider;

async function stockOf(productId: string) {
  const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, productId));
  return variant!.stock;
}

async function mailsOf(email: string, kind: string) {
  return db()
    .select()
    .from(mails)
    .where(and(eq(mails.recipient, email), eq(mails.kind, kind)));
}

async function checkout(options: { priceCents?: number; quantity?: number; couponCode?: string } = {}) {
  const shopper = await registerAccount(context.app);
  const productId = await insertProduct(db(), { priceCents: options.priceCents ?? 2000, stock: 10 });
  const line = await context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: shopper.headers,
    payload: { quantity: options.quantity ?? 2 },
  });
  expect(line.statusCode).toBe(200);
  const response = await context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      lineIds: [line.json()._id],
      delivery: TEST_DELIVERY,
      ...(options.couponCode ? { couponCode: options.couponCode } : {}),
    },
  });
  return { shopper, productId, response, order: response.json() as Order };
}

const sessionOf = (order: Order) => {
  const id = order.payment.checkoutUrl!.split("/").pop()!;
  return standIn.sessions.get(id)!;
};

const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe("checkout with Stripe", () => {
  it("records the order awaiting payment, holds its stock, asks for no card and opens a session for the server's total", async () => {
    const { response, order, productId, shopper } = await checkout({ priceCents: 1999, quantity: 3 });
    expect(response.statusCode).toBe(201);
    expect(order.status).toBe("awaiting_payment");
    expect(order.payment).toMatchObject({ provider: "stripe", status: "awaiting", reference: "" });
    expect(order.payment.checkoutUrl).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_`));
    expect(await stockOf(productId)).toBe(7);
    const session = sessionOf(order);
    expect(session).toMatchObject({
      amount_total: Math.round(order.total * 100),
      currency: "usd",
      client_reference_id: order._id,
      customer_email: shopper.email,
      success_url: `${context.app.config.baseUrl}/checkout/payment/${order._id}`,
      cancel_url: `${context.app.config.baseUrl}/checkout/payment/${order._id}?cancelled=1`,
    });
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(0);
  });

  it("a repeated checkout request answers the same order and the same session", async () => {
    const shopper = await registerAccount(context.app);
    const productId = await insertProduct(db(), { stock: 5 });
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: shopper.headers,
      payload: { quantity: 1 },
    });
    const request = {
      method: "POST" as const,
      url: "/api/orders",
      headers: { ...shopper.headers, "idempotency-key": randomUUID() },
      payload: { lineIds: [line.json()._id], delivery: TEST_DELIVERY },
    };
    const first = await context.app.inject(request);
    const again = await second.inject(request);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().payment.checkoutUrl).toBe(first.json().payment.checkoutUrl);
    expect(await stockOf(productId)).toBe(4);
  });

  it("a signed checkout.session.completed marks it paid, and only then is the confirmation mailed", async () => {
    const { order, shopper } = await checkout();
    await standIn.pay(sessionOf(order).id);
    expect(standIn.deliveries.at(-1)).toMatchObject({ type: "checkout.session.completed", status: 200 });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({
      status: "paid",
      paymentStatus: "paid",
      paymentUrl: null,
      paymentHoldExpiresAt: null,
    });
    expect(row.paymentReference).toBe(sessionOf(order).payment_intent);
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(1);
  });

  it("refuses a forged, a missing and an old signature with 400, and changes nothing", async () => {
    const { order } = await checkout();
    const session = {
      ...sessionOf(order),
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_forged",
    };
    const forged = standIn.signedEvent("checkout.session.completed", session, {
      secret: "whsec_not_the_shops",
    });
    expect((await postWebhook(context.app, forged.body, forged.signature)).statusCode).toBe(400);
    expect((await postWebhook(context.app, forged.body)).statusCode).toBe(400);
    const old = standIn.signedEvent("checkout.session.completed", session, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const stale = await postWebhook(context.app, old.body, old.signature);
    expect(stale.statusCode).toBe(400);
    expect(stale.headers["content-type"]).toMatch(/problem\+json/);
    // A body changed after signing.
    const genuine = standIn.signedEvent("checkout.session.completed", session);
    const tampered = genuine.body.replace('"pi_forged"', '"pi_other"');
    expect((await postWebhook(context.app, tampered, genuine.signature)).statusCode).toBe(400);
    expect((await orderRow(order._id)).status).toBe("awaiting_payment");
  });

  it("applies a replayed event once: one paid transition, one mail", async () => {
    const { order, shopper } = await checkout();
    await standIn.pay(sessionOf(order).id, { deliver: false });
    const event = standIn.signedEvent("checkout.session.completed", sessionOf(order));
    const first = await postWebhook(context.app, event.body, event.signature);
    const replay = await postWebhook(context.app, event.body, event.signature);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect([first.json().outcome, replay.json().outcome]).toEqual(["paid", "duplicate"]);
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(1);
  });

  it("the same event on two instances at once makes exactly one paid transition", async () => {
    const { order, shopper } = await checkout();
    await standIn.pay(sessionOf(order).id, { deliver: false });
    const event = standIn.signedEvent("checkout.session.completed", sessionOf(order));
    const answers = await Promise.all([
      postWebhook(context.app, event.body, event.signature),
      postWebhook(second, event.body, event.signature),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(["duplicate", "paid"]);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(1);
  });

  it("flags an event for another amount (or currency) for the admin and does not mark the order paid", async () => {
    const { order, shopper } = await checkout({ priceCents: 3000, quantity: 1 });
    await standIn.pay(sessionOf(order).id, { amount: 100 });
    const row = await orderRow(order._id);
    expect(row.status).toBe("awaiting_payment");
    expect(row.paymentStatus).toBe("awaiting");
    expect(row.paymentFlag).toMatch(/^Paid 1\.00 USD, but the order is \d+\.\d\d USD: not marked paid\.$/);
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(0);

    const other = await checkout({ priceCents: 3000, quantity: 1 });
    await standIn.pay(sessionOf(other.order).id, { currency: "eur" });
    expect((await orderRow(other.order._id)).paymentFlag).toMatch(/EUR/);

    const attention = await context.app.inject({
      url: "/api/admin/orders?payment=attention&limit=100",
      headers: admin.headers,
    });
    expect(attention.statusCode).toBe(200);
    const listed = (attention.json() as Order[]).map((entry) => entry._id);
    expect(listed).toEqual(expect.arrayContaining([order._id, other.order._id]));
    // A paid order needs no attention.
    const paid = await checkout();
    await standIn.pay(sessionOf(paid.order).id);
    const again = await context.app.inject({
      url: "/api/admin/orders?payment=attention&limit=100",
      headers: admin.headers,
    });
    expect((again.json() as Order[]).map((entry) => entry._id)).not.toContain(paid.order._id);
  });

  it("answers 200 to an event for an unknown order and to an unknown event type, and ignores them", async () => {
    const unknown = standIn.signedEvent("checkout.session.completed", {
      id: "cs_test_unknown",
      object: "checkout.session",
      client_reference_id: randomUUID(),
      status: "complete",
      payment_status: "paid",
      amount_total: 500,
      currency: "usd",
      payment_intent: "pi_unknown",
    });
    const answer = await postWebhook(context.app, unknown.body, unknown.signature);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().outcome).toBe("unknown-order");
    const other = standIn.signedEvent("customer.created", { id: "cus_1", object: "customer" });
    const ignored = await postWebhook(context.app, other.body, other.signature);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().outcome).toBe("ignored");
  });

  it("a late expired event after the payment changes nothing (events out of order)", async () => {
    const { order, productId } = await checkout();
    await standIn.pay(sessionOf(order).id);
    const expired = standIn.signedEvent("checkout.session.expired", {
      ...sessionOf(order),
      status: "expired",
    });
    const answer = await postWebhook(context.app, expired.body, expired.signature);
    expect(answer.json().outcome).toBe("unchanged");
    expect((await orderRow(order._id)).status).toBe("paid");
    expect(await stockOf(productId)).toBe(8);
  });

  it("a failed async payment releases the stock and puts the lines back in the bag", async () => {
    const { order, productId, shopper } = await checkout();
    const failed = standIn.signedEvent("checkout.session.async_payment_failed", sessionOf(order));
    expect((await postWebhook(context.app, failed.body, failed.signature)).json().outcome).toBe("released");
    expect(await orderRow(order._id)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await stockOf(productId)).toBe(10);
    const bag = await db().select().from(cartLines).where(eq(cartLines.productId, productId));
    expect(bag).toMatchObject([{ quantity: 2 }]);
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(0);
  });

  it("Cancel on the provider's page expires the session, releases the stock and refills the bag", async () => {
    standIn.holdExpiredEvents = true;
    const { order, productId, shopper } = await checkout();
    const cancel = await context.app.inject({
      method: "POST",
      url: `/api/orders/${order._id}/payment/cancel`,
      headers: shopper.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: "cancelled",
      payment: { status: "cancelled", checkoutUrl: null },
    });
    expect(sessionOf(order).status).toBe("expired");
    expect(await stockOf(productId)).toBe(10);
    expect(await db().select().from(cartLines).where(eq(cartLines.productId, productId))).toHaveLength(1);
    // Stripe's checkout.session.expired, after the fact, changes nothing.
    expect(await standIn.deliverHeldEvents()).toEqual([200]);
    expect(await orderRow(order._id)).toMatchObject({ status: "cancelled", paymentStatus: "cancelled" });
    expect(await stockOf(productId)).toBe(10);
    // Someone else's order is not theirs to cancel.
    const other = await checkout();
    const refused = await context.app.inject({
      method: "POST",
      url: `/api/orders/${other.order._id}/payment/cancel`,
      headers: shopper.headers,
    });
    expect(refused.statusCode).toBe(404);
  });

  it("a provider that cannot be reached at checkout answers 502 and gives the stock back", async () => {
    standIn.failSessions = true;
    const { response, productId } = await checkout();
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toMatch(/Nothing was charged/);
    expect(await stockOf(productId)).toBe(10);
  });
});

describe("a guest paying with Stripe", () => {
  async function guestCheckout() {
    const guest = new GuestBrowser(context.app);
    const email = uniqueEmail("stripe-guest");
    const productId = await insertProduct(db(), { priceCents: 2500, stock: 10 });
    const line = await guest.add(productId, 2);
    expect(line.statusCode, line.body).toBe(200);
    const response = await guest.checkout(email, [line.json()._id]);
    expect(response.statusCode, response.body).toBe(201);
    return { guest, email, productId, order: response.json<Order>() };
  }
  const readBack = (who: GuestBrowser, orderId: string) => who.request("GET", `/api/guest-orders/${orderId}`);

  it("comes back to its bag's page, which the bag's cookie lets poll until the webhook says paid", async () => {
    const { guest, email, order } = await guestCheckout();
    expect(order).toMatchObject({ status: "awaiting_payment", placedAsGuest: true });
    const base = context.app.config.baseUrl;
    expect(sessionOf(order)).toMatchObject({
      customer_email: email,
      success_url: `${base}/cart?order=${order._id}`,
      cancel_url: `${base}/cart?order=${order._id}&cancelled=1`,
    });
    const waiting = await readBack(guest, order._id);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json<Order>().status).toBe("awaiting_payment");
    expect(await mailsOf(email, "order-confirmation")).toHaveLength(0);

    await standIn.pay(sessionOf(order).id);
    const paid = await readBack(guest, order._id);
    expect(paid.json<Order>()).toMatchObject({ _id: order._id, status: "paid", payment: { status: "paid" } });
    // The confirmation, written with the payment, carries the private link for later.
    const [confirmation] = await mailsOf(email, "order-confirmation");
    expect((confirmation!.data as { orderLinkToken?: string }).orderLinkToken).toMatch(/^[\w-]{43}$/);
    // Another instance reads it the same (the bag lives in the database).
    const elsewhere = await second.inject({
      url: `/api/guest-orders/${order._id}`,
      headers: { cookie: guest.cookie! },
    });
    expect(elsewhere.json<Order>().status).toBe("paid");
  });

  it("shows the order to no one else, and to its own bag only for the hold and an hour", async () => {
    const { guest, order } = await guestCheckout();
    const other = await guestCheckout();
    const shopper = await registerAccount(context.app);
    const account = await checkout();
    const refusals = [
      await readBack(new GuestBrowser(context.app), order._id),
      await readBack(other.guest, order._id),
      await context.app.inject({ url: `/api/guest-orders/${order._id}`, headers: shopper.headers }),
      await context.app.inject({ url: `/api/guest-orders/${order._id}`, headers: admin.headers }),
      await readBack(guest, account.order._id),
      await readBack(guest, randomUUID()),
      await other.guest.request("POST", `/api/guest-orders/${order._id}/payment/cancel`),
    ];
    // One answer whatever the reason: nothing says whether the order exists.
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(404);
      expect(refusal.json().detail).toBe(GUEST_MESSAGES.orderNotHere);
    }
    expect((await readBack(guest, "not-an-id")).statusCode).toBe(400);
    expect((await orderRow(order._id)).status).toBe("awaiting_payment");

    // Paid and placed longer ago than the hold and an hour: the mailed link is the way in now.
    await standIn.pay(sessionOf(order).id);
    const placedAt = async (minutesAgo: number) =>
      db()
        .update(orders)
        .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(orders.id, order._id));
    await placedAt(HOLD_MINUTES + 59);
    expect((await readBack(guest, order._id)).statusCode).toBe(200);
    await placedAt(HOLD_MINUTES + 61);
    expect((await readBack(guest, order._id)).statusCode).toBe(404);
  });

  it("Cancel on Stripe's page ends the session, gives the stock back and refills the guest bag", async () => {
    const { guest, productId, order } = await guestCheckout();
    expect(await stockOf(productId)).toBe(8);
    expect((await guest.bag()).lines).toEqual([]);
    const cancelled = await guest.request("POST", `/api/guest-orders/${order._id}/payment/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: "cancelled",
      // Cancelled by this request, or expired by the event Stripe sends for the session it just
      // ended, when that event arrives first: released either way.
      payment: { status: expect.stringMatching(/^(cancelled|expired)$/), checkoutUrl: null },
    });
    expect(sessionOf(order).status).toBe("expired");
    expect(await stockOf(productId)).toBe(10);
    expect((await guest.bag()).lines).toEqual([expect.objectContaining({ productId, quantity: 2 })]);
    // Pressed again (a reload): nothing more to do.
    const again = await guest.request("POST", `/api/guest-orders/${order._id}/payment/cancel`);
    expect(again.json()).toMatchObject({ status: "cancelled" });
    expect(await stockOf(productId)).toBe(10);
  });
});

describe("the payment hold", () => {
  it("ends after PAYMENT_HOLD_MINUTES: the stock and the coupon use come back, the session is expired", async () => {
    standIn.holdExpiredEvents = true;
    const code = `HOLD${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await context.app.inject({
      method: "POST",
      url: "/api/admin/coupons",
      headers: admin.headers,
      payload: { code, kind: "percent", value: 10, usageLimit: 1 },
    });
    expect(created.statusCode).toBe(201);
    const { order, productId } = await checkout({ couponCode: code });
    const couponOf = async () => (await db().select().from(coupons).where(eq(coupons.code, code)))[0]!;
    expect((await couponOf()).usedCount).toBe(1);
    expect(await stockOf(productId)).toBe(8);

    // Not yet: nothing moves before the hold ends.
    expect(await releaseExpiredHolds(db(), provider(), () => new Date())).not.toContain(order._id);
    const later = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    expect(await releaseExpiredHolds(db(), provider(), later)).toContain(order._id);
    expect(await orderRow(order._id)).toMatchObject({ status: "cancelled", paymentStatus: "expired" });
    expect(sessionOf(order).status).toBe("expired");
    await standIn.deliverHeldEvents();
    expect(await stockOf(productId)).toBe(10);
    expect((await couponOf()).usedCount).toBe(0);
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order._id)),
    ).toHaveLength(0);
    // A paid order after the release would be flagged, never paid.
    const late = standIn.signedEvent("checkout.session.completed", {
      ...sessionOf(order),
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_late",
    });
    expect((await postWebhook(context.app, late.body, late.signature)).json().outcome).toBe("flagged");
    expect((await orderRow(order._id)).paymentFlag).toMatch(/after its hold was released/);
  });

  it("a session paid whose event never came is applied as paid by the sweeper, not released", async () => {
    const { order, productId, shopper } = await checkout();
    await standIn.pay(sessionOf(order).id, { deliver: false });
    const later = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    await releaseExpiredHolds(db(), provider(), later);
    expect((await orderRow(order._id)).status).toBe("paid");
    expect(await stockOf(productId)).toBe(8);
    expect(await mailsOf(shopper.email, "order-confirmation")).toHaveLength(1);
  });

  it("two instances sweeping at once release each hold once", async () => {
    standIn.holdExpiredEvents = true;
    const placed = [await checkout(), await checkout(), await checkout()];
    const later = () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    const [fromFirst, fromSecond] = await Promise.all([
      releaseExpiredHolds(db(), provider(), later),
      releaseExpiredHolds(second.database.db, second.payments as RedirectPaymentProvider, later),
    ]);
    const released = [...fromFirst, ...fromSecond].filter((id) =>
      placed.some(({ order }) => order._id === id),
    );
    expect(released.sort()).toEqual(placed.map(({ order }) => order._id).sort());
    await standIn.deliverHeldEvents();
    for (const { productId } of placed) expect(await stockOf(productId)).toBe(10);
  });
});

describe("refunds through Stripe", () => {
  async function paidOrder() {
    const placed = await checkout({ priceCents: 2000, quantity: 2 });
    await standIn.pay(sessionOf(placed.order).id);
    return placed;
  }
  const refund = (orderId: string, amount: number, key = randomUUID()) =>
    context.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { ...admin.headers, "idempotency-key": key },
      payload: { amount, reason: "Damaged" },
    });

  it("refunds part of a payment once per key, never more than was captured, and the rest on cancel", async () => {
    const { order } = await paidOrder();
    const intent = sessionOf(order).payment_intent!;
    const key = randomUUID();
    const first = await refund(order._id, 5, key);
    const again = await refund(order._id, 5, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const toIntent = () => standIn.refunds.filter((entry) => entry.payment_intent === intent);
    expect(toIntent().map((entry) => entry.amount)).toEqual([500]);
    expect((await refund(order._id, order.total)).statusCode).toBe(409);
    const cancelled = await context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${order._id}`,
      headers: admin.headers,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(toIntent().reduce((sum, entry) => sum + entry.amount, 0)).toBe(Math.round(order.total * 100));
    expect(cancelled.json().refunds.map((entry: { status: string }) => entry.status)).toEqual([
      "succeeded",
      "succeeded",
    ]);
  });

  it("shows a refund Stripe refused as failed with its reason, and a retry sends it again", async () => {
    const { order } = await paidOrder();
    standIn.refuseRefunds = "This charge is disputed.";
    const refused = await refund(order._id, 3);
    expect(refused.statusCode).toBe(201);
    const [failed] = refused.json().refunds;
    expect(failed).toMatchObject({
      status: "failed",
      failure: "Stripe refused the refund: This charge is disputed.",
    });
    expect(refused.json().money.refunded).toBe(0);
    standIn.refuseRefunds = null;
    const retry = await context.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order._id}/refunds/${failed._id}/retry`,
      headers: admin.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refunds[0]).toMatchObject({ status: "succeeded", failure: null });
    expect(retry.json().money.refunded).toBe(3);
    const twice = await context.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order._id}/refunds/${failed._id}/retry`,
      headers: admin.headers,
    });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses to refund an order that was never paid", async () => {
    const { order } = await checkout();
    expect((await refund(order._id, 1)).statusCode).toBe(409);
  });
});
