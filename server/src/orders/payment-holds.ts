import { and, asc, eq, gt, isNotNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Order } from "@shop/contract/orders";
import { shopCurrency } from "@shop/contract/currency";
import { decimalsOf } from "@shop/contract/currency-decimals";
import { dollarsToCents } from "@shop/contract/money";
import type { Db } from "../db/client";
import {
  cartLines,
  couponRedemptions,
  coupons,
  guestBagLines,
  guestBags,
  orderLines,
  orders,
} from "../db/schema";
import { issueInvoice } from "../fulfilment/documents";
import { getFulfilmentSettings } from "../fulfilment/settings";
import { HttpProblem } from "../http/problem";
import { enqueueMails } from "../mail/outbox";
import type { CheckoutSessionState, RedirectPaymentProvider } from "../payments/provider";
import { confirmationMail, getOrder } from "./service";
import { returnStock } from "./stock";

type OrderRow = typeof orders.$inferSelect;
type Released = "expired" | "failed" | "cancelled";

/** "12.50 USD", "1250 JPY", "1.250 KWD": minor units written with their currency's decimals. */
const formatAmount = (minor: number | null, currency: string | null) => {
  if (minor === null) return "nothing";
  const code = (currency ?? "?").toUpperCase();
  const decimals = decimalsOf(code);
  return `${(minor / 10 ** decimals).toFixed(decimals)} ${code}`;
};

/** The order's row, locked for this transaction. */
export async function lockOrder(tx: Db, where: { id?: string; sessionId?: string }) {
  if (!where.id && !where.sessionId) return undefined;
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      or(
        where.id ? eq(orders.id, where.id) : undefined,
        where.sessionId ? eq(orders.paymentSessionId, where.sessionId) : undefined,
      ),
    )
    .limit(1)
    .for("update");
  return row;
}

/**
 * Gives an unpaid order's hold back: its units to stock, its coupon use, and its lines to the
 * shopper's bag (so a cancelled or abandoned payment can be tried again). The caller holds the
 * order's row lock; an order no longer awaiting its payment is left alone.
 */
export async function releaseHold(tx: Db, row: OrderRow, outcome: Released): Promise<boolean> {
  if (row.paymentStatus !== "awaiting") return false;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, row.id));
  await returnStock(tx, lines);
  if (row.couponId) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(and(eq(coupons.id, row.couponId), gt(coupons.usedCount, 0)));
    await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, row.id));
  }
  if (row.userId) {
    const back = lines.filter((line) => line.productId && line.variantId);
    if (back.length > 0) {
      await tx
        .insert(cartLines)
        .values(
          back.map((line) => ({
            userId: row.userId!,
            productId: line.productId!,
            variantId: line.variantId!,
            quantity: Math.min(line.quantity, 99),
          })),
        )
        // A line the shopper put in the bag again meanwhile stays as they left it.
        .onConflictDoNothing();
    }
  } else if (row.guestBagId) {
    // A guest's lines go back to their bag, while it lasts.
    const [bag] = await tx
      .select({ id: guestBags.id })
      .from(guestBags)
      .where(eq(guestBags.id, row.guestBagId));
    const back = lines.filter((line) => line.variantId);
    if (bag && back.length > 0) {
      await tx
        .insert(guestBagLines)
        .values(
          back.map((line) => ({
            bagId: bag.id,
            variantId: line.variantId!,
            name: line.name,
            quantity: Math.min(line.quantity, 99),
          })),
        )
        .onConflictDoNothing();
    }
  }
  await tx
    .update(orders)
    .set({ status: "cancelled", paymentStatus: outcome, paymentUrl: null, paymentHoldExpiresAt: null })
    .where(eq(orders.id, row.id));
  return true;
}

export type SessionOutcome =
  "paid" | "flagged" | "already-paid" | "released" | "awaiting-async" | "unchanged";

/**
 * Applies the provider's word that the session was paid. Only an order still awaiting its payment,
 * for exactly its amount in the shop's currency, becomes paid (and is mailed); anything else is
 * flagged for the admin with what was paid, and never marked paid.
 */
export async function applyPaidSession(
  tx: Db,
  row: OrderRow,
  session: CheckoutSessionState,
): Promise<SessionOutcome> {
  if (row.paymentStatus === "paid") return "already-paid";
  const paidText = formatAmount(session.amountCents, session.currency);
  let flag: string | null = null;
  if (row.paymentStatus !== "awaiting") {
    flag = `Paid ${paidText} after its hold was released (${row.paymentStatus}): refund it on the provider's dashboard, or fulfil it by hand.`;
  } else if (
    session.amountCents !== row.totalCents ||
    session.currency?.toUpperCase() !== row.currency.toUpperCase()
  ) {
    // Compared with the order's own currency (decision 040), not the setting's.
    flag = `Paid ${paidText}, but the order is ${formatAmount(row.totalCents, row.currency)}: not marked paid.`;
  }
  if (flag) {
    await tx
      .update(orders)
      // The stock stays held (no expiry) until the admin decides: money was taken.
      .set({
        paymentFlag: flag,
        paymentReference: session.paymentId ?? row.paymentReference,
        paymentHoldExpiresAt: null,
      })
      .where(eq(orders.id, row.id));
    return "flagged";
  }
  await tx
    .update(orders)
    .set({
      status: "paid",
      paymentStatus: "paid",
      paymentReference: session.paymentId ?? "",
      paymentUrl: null,
      paymentHoldExpiresAt: null,
    })
    .where(eq(orders.id, row.id));
  // Paid: its invoice number now (decision 033), late, so the counter's lock is held briefly.
  const { seller, invoiceInMail } = await getFulfilmentSettings(tx);
  await issueInvoice(tx, row, seller);
  const order = await getOrder(tx, row.id);
  // In the transaction that marks it paid: the confirmation goes out once, and only then.
  if (row.userId || row.guestBagId) {
    await enqueueMails(tx, [await confirmationMail(tx, order, invoiceInMail)]);
  }
  return "paid";
}

/** What an open, complete or expired session means for its (locked) order. */
export async function applySessionState(
  tx: Db,
  row: OrderRow,
  session: CheckoutSessionState,
  releasedAs: Released,
): Promise<SessionOutcome> {
  if (session.status === "complete" && session.paid) return applyPaidSession(tx, row, session);
  if (session.status === "complete") {
    // A delayed method (bank debit): the stock stays held until its async_payment_* event.
    if (row.paymentStatus !== "awaiting") return "unchanged";
    await tx.update(orders).set({ paymentHoldExpiresAt: null }).where(eq(orders.id, row.id));
    return "awaiting-async";
  }
  return (await releaseHold(tx, row, releasedAs)) ? "released" : "unchanged";
}

const GATEWAY_MESSAGE =
  "The payment service could not be reached. Nothing was charged and your items are back in your bag; try again in a moment.";

/**
 * Where the provider's page sends the buyer back, paid or cancelled (the web app has a page at
 * each): an account to its checkout's return page, a guest to its bag's page, which reads the
 * order through the guest bag's cookie (docs/decisions/042-guest-checkout.md).
 */
export function paymentReturnUrls(baseUrl: string, order: Pick<Order, "_id" | "placedAsGuest">) {
  const id = encodeURIComponent(order._id);
  const successUrl = order.placedAsGuest
    ? `${baseUrl}/cart?order=${id}`
    : `${baseUrl}/checkout/payment/${id}`;
  return { successUrl, cancelUrl: `${successUrl}${order.placedAsGuest ? "&" : "?"}cancelled=1` };
}

/**
 * Opens the provider's page for an order awaiting its payment: a Checkout Session for exactly
 * the order's total, under the key `checkout:<order>` so a retried checkout gets the same session.
 * A provider that cannot be reached releases the hold at once (502).
 */
export async function startHostedPayment(
  db: Db,
  provider: RedirectPaymentProvider,
  order: Order,
  baseUrl: string,
): Promise<Order> {
  let session;
  try {
    session = await provider.createSession({
      orderId: order._id,
      orderNumber: order.number,
      amountCents: dollarsToCents(order.total),
      currency: shopCurrency().code,
      email: order.email,
      ...paymentReturnUrls(baseUrl, order),
      expiresAt: new Date(order.payment.holdExpiresAt ?? Date.now()),
      idempotencyKey: `checkout:${order._id}`,
    });
  } catch (error) {
    await db.transaction(async (tx) => {
      const row = await lockOrder(tx, { id: order._id });
      if (row) await releaseHold(tx, row, "failed");
    });
    throw Object.assign(new HttpProblem(502, "Bad Gateway", GATEWAY_MESSAGE), { cause: error });
  }
  await db
    .update(orders)
    .set({ paymentSessionId: session.sessionId, paymentUrl: session.url })
    .where(and(eq(orders.id, order._id), eq(orders.paymentStatus, "awaiting")));
  return getOrder(db, order._id);
}

/** Who left the provider's page: an account, or the guest bag that placed the order. */
export type PaymentBuyer = { userId: string } | { guestBagId: string };

/**
 * The shopper left the provider's page with Cancel: the session is ended at the provider (so it
 * can no longer be paid) and the hold released; if it was paid meanwhile, it is applied instead.
 * The provider is asked outside any transaction: no row lock (and, on the embedded database, not
 * the one connection) waits on the network.
 */
export async function cancelHostedPayment(
  db: Db,
  provider: RedirectPaymentProvider,
  orderId: string,
  buyer: PaymentBuyer,
): Promise<SessionOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const theirs =
    order && ("userId" in buyer ? order.userId === buyer.userId : order.guestBagId === buyer.guestBagId);
  if (!order || !theirs) throw new HttpProblem(404, "Not Found", "No such order.");
  if (order.paymentStatus !== "awaiting") return "unchanged";
  const session = order.paymentSessionId ? await provider.expireSession(order.paymentSessionId) : null;
  return settleHold(db, orderId, session, "cancelled");
}

/** Under the order's lock: applies what the provider said of its session, or releases the hold. */
async function settleHold(
  db: Db,
  orderId: string,
  session: CheckoutSessionState | null,
  releasedAs: Released,
) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, { id: orderId });
    if (!row) return "unchanged" as const;
    if (session) return applySessionState(tx, row, session, releasedAs);
    return (await releaseHold(tx, row, releasedAs)) ? ("released" as const) : ("unchanged" as const);
  });
}

/** How long a sweeping instance keeps an order to itself while it asks the provider. */
const SWEEP_LEASE_MS = 60_000;

/**
 * Releases holds older than PAYMENT_HOLD_MINUTES, one order at a time. Each is claimed in a short
 * transaction with `FOR UPDATE SKIP LOCKED` (several instances sweep at once without waiting on,
 * or repeating, each other's orders), which moves its expiry a minute on as a lease; then its
 * session is expired at the provider outside any transaction (so nothing can be paid after its
 * stock went back); then, under the row lock, it is released, or applied as paid if the provider
 * says it was completed meanwhile. An instance that dies mid-way leaves the lease to run out, and
 * the next sweep takes the order again. Answers the orders it changed.
 */
export async function releaseExpiredHolds(
  db: Db,
  provider: RedirectPaymentProvider,
  now: () => Date = () => new Date(),
  onError: (error: unknown, orderId: string) => void = () => {},
): Promise<string[]> {
  const changed: string[] = [];
  const tried = new Set<string>();
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.paymentStatus, "awaiting"),
            isNotNull(orders.paymentHoldExpiresAt),
            lte(orders.paymentHoldExpiresAt, now()),
            tried.size > 0 ? notInArray(orders.id, [...tried]) : undefined,
          ),
        )
        .orderBy(asc(orders.paymentHoldExpiresAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      await tx
        .update(orders)
        .set({ paymentHoldExpiresAt: new Date(now().getTime() + SWEEP_LEASE_MS) })
        .where(eq(orders.id, row.id));
      return row;
    });
    if (!claimed) return changed;
    tried.add(claimed.id);
    let session = null;
    if (claimed.paymentSessionId) {
      try {
        session = await provider.expireSession(claimed.paymentSessionId);
      } catch (error) {
        // The provider could not be reached: the lease runs out and a later sweep tries again.
        onError(error, claimed.id);
        continue;
      }
    }
    if ((await settleHold(db, claimed.id, session, "expired")) !== "unchanged") changed.push(claimed.id);
  }
}
