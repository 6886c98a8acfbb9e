import { centsToDollars, MONEY_MESSAGES, type Refund } from "@shop/contract/money";
import { and, asc, eq, inArray, ne, sum } from "drizzle-orm";
import type { Db } from "../db/client";
import { orders, refunds } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import type { PaymentProvider } from "../payments/provider";
import { refundableCents } from "./totals";
import { issueCreditNote } from "../fulfilment/documents";

export type RefundRow = typeof refunds.$inferSelect;

export const toRefund = (row: RefundRow): Refund => ({
  _id: row.id,
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
  status: row.status,
  failure: row.failure,
  createdAt: row.createdAt.toISOString(),
});

/** Pending and succeeded refunds count against the payment; failed ones gave nothing back. */
export async function refundedCentsOf(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(refunds.amountCents).mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, "failed")));
  return row?.total ?? 0;
}

/**
 * Writes a refund intent (pending) with its idempotency key; the caller's transaction must hold
 * the order's row lock (SELECT … FOR UPDATE), so two refunds of one order never both see room.
 * `amountCents` null: all that is left. The same key again answers the first intent.
 */
export async function recordRefundIntent(
  tx: Db,
  order: { id: string; totalCents: number },
  request: {
    amountCents: number | null;
    reason: string;
    idempotencyKey: string;
    /** Give what is left when less than asked is left (a return after partial refunds). */
    upToWhatIsLeft?: boolean;
  },
): Promise<RefundRow | null> {
  const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
  if (earlier) return earlier;
  const refunded = await refundedCentsOf(tx, order.id);
  const left = order.totalCents - refunded;
  const wanted =
    request.amountCents === null
      ? left
      : request.upToWhatIsLeft
        ? Math.min(request.amountCents, left)
        : request.amountCents;
  if (wanted <= 0) return null;
  const granted = refundableCents(order.totalCents, refunded, wanted);
  if (granted < wanted) {
    throw new HttpProblem(409, "Conflict", MONEY_MESSAGES.refundTooMuch, {
      amount: MONEY_MESSAGES.refundTooMuch,
    });
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amountCents: granted,
      reason: request.reason,
      idempotencyKey: request.idempotencyKey,
    })
    .returning();
  return row!;
}

/**
 * Sends the order's pending refunds to the provider with their own idempotency keys. Runs after
 * the intent's transaction committed: a crash before or during the call leaves the intent
 * pending, and the next run (startup, or the next refund action) sends the same key again, which
 * the provider answers without refunding twice. A provider that throws leaves it pending too.
 * Answers the refunds this call saw succeed, for the mail that tells the shopper.
 */
export async function sendPendingRefunds(
  db: Db,
  payments: PaymentProvider,
  orderId?: string,
): Promise<SucceededRefund[]> {
  const succeeded: SucceededRefund[] = [];
  const pending = await db
    .select({ refund: refunds, paymentReference: orders.paymentReference })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, "pending"), orderId ? eq(refunds.orderId, orderId) : undefined))
    .orderBy(asc(refunds.createdAt));
  for (const { refund, paymentReference } of pending) {
    let result;
    try {
      result = await payments.refund(paymentReference, refund.amountCents, providerKeyOf(refund));
    } catch {
      continue;
    }
    const marked = await db.transaction(async (tx) => {
      const rows = await tx
        .update(refunds)
        .set(
          result.status === "succeeded"
            ? { status: "succeeded", providerReference: result.reference }
            : { status: "failed", failure: result.message },
        )
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending")))
        .returning({ id: refunds.id });
      // Money went back: its credit note is numbered in the same transaction (decision 033).
      if (result.status === "succeeded" && rows.length > 0) await issueCreditNote(tx, refund);
      return rows;
    });
    // Only the instance that marked it reports it, so the shopper hears of a refund once.
    if (result.status === "succeeded" && marked.length > 0) {
      succeeded.push({ orderId: refund.orderId, amountCents: refund.amountCents, reason: refund.reason });
    }
  }
  return succeeded;
}

/** A retried refund is a new request to the provider: the failed one's key would answer its failure again. */
const providerKeyOf = (refund: RefundRow) =>
  refund.attempt === 0 ? refund.idempotencyKey : `${refund.idempotencyKey}#${refund.attempt}`;

/**
 * Sends a failed refund again (the admin's "Try again"): pending once more, under the order's
 * lock and only while what is left of the payment still covers it, with the next attempt's key.
 */
export async function retryRefund(db: Db, orderId: string, refundId: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("No such order.");
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
    if (!refund) throw notFound("No such refund.");
    if (refund.status !== "failed") {
      throw new HttpProblem(409, "Conflict", "Only a failed refund can be tried again.");
    }
    const refunded = await refundedCentsOf(tx, orderId);
    if (refunded + refund.amountCents > order.totalCents) {
      throw new HttpProblem(409, "Conflict", MONEY_MESSAGES.refundTooMuch);
    }
    await tx
      .update(refunds)
      .set({ status: "pending", attempt: refund.attempt + 1, failure: null })
      .where(eq(refunds.id, refundId));
  });
}

/** A refund the provider confirmed just now. */
export interface SucceededRefund {
  orderId: string;
  amountCents: number;
  reason: string;
}

export async function refundsOf(db: Db, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));
}

/** An admin's partial (or full) refund of an order that was paid. */
export async function refundOrder(
  db: Db,
  orderId: string,
  request: { amountCents: number; reason: string; idempotencyKey: string },
) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("No such order.");
    if (order.paymentStatus !== "paid") {
      throw new HttpProblem(
        409,
        "Conflict",
        "Nothing was paid for this order, so there is nothing to refund.",
      );
    }
    return recordRefundIntent(tx, order, request);
  });
}
