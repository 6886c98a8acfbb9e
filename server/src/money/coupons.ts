import { formatMinor } from "@shop/contract/currency";
import {
  centsToDollars,
  dollarsToCents,
  MONEY_MESSAGES,
  type Coupon,
  type couponBodySchema,
} from "@shop/contract/money";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { couponRedemptions, coupons, orders } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import type { CouponTerms } from "./totals";

export type CouponRow = typeof coupons.$inferSelect;
type CouponBody = z.output<typeof couponBodySchema>;

export function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === "percent" ? row.value : centsToDollars(row.value),
    minSubtotal: centsToDollars(row.minSubtotalCents),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    used: row.usedCount,
    active: row.active,
  };
}

export const couponTermsOf = (row: CouponRow): CouponTerms =>
  row.kind === "percent"
    ? { kind: "percent", percentOff: row.value, minSubtotalCents: row.minSubtotalCents }
    : { kind: "fixed", amountOffCents: row.value, minSubtotalCents: row.minSubtotalCents };

/** Why a coupon does not apply to this subtotal now, or null when it does. */
export function couponProblemOf(row: CouponRow | undefined, now: Date, subtotalCents: number): string | null {
  // Whether a code exists, is coming or has ended helps only a guesser: one answer for all of them.
  // (Used up stays distinct: the code was handed out and the shopper learns why it stopped.)
  if (!row || !row.active || (row.startsAt && now < row.startsAt) || (row.endsAt && now >= row.endsAt))
    return MONEY_MESSAGES.couponNotValid;
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return MONEY_MESSAGES.couponUsedUp;
  if (subtotalCents < row.minSubtotalCents)
    return MONEY_MESSAGES.couponMinimum(formatMinor(row.minSubtotalCents));
  return null;
}

export async function findCoupon(db: Db, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase())).limit(1);
  return row;
}

export async function hasRedeemed(db: Db, couponId: string, by: { userId?: string; email?: string }) {
  if (by.userId) {
    const [row] = await db
      .select({ couponId: couponRedemptions.couponId })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, by.userId)))
      .limit(1);
    return Boolean(row);
  }
  if (!by.email) return false;
  // A guest: any order under this address (a guest's or an account's) that used the coupon.
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.couponId, couponId),
        sql`lower(${orders.email}) = ${by.email.trim().toLowerCase()}`,
        sql`${orders.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A guest's one use per customer is read from the orders under the address (hasRedeemed), which
 * two checkouts at once would both find empty. A guest checkout with a code first takes this
 * transaction-level advisory lock on the normalised address: a second checkout with the address
 * waits until the first commits or rolls back, and its read then sees the first's order. Keyed by
 * a hash of the address, so another address shares it only by a rare collision (it then merely
 * waits); released at the end of the transaction on both databases.
 */
export async function lockGuestCouponUses(tx: Db, email: string) {
  const key = `shop.guest-coupon:${email.trim().toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

const couponConflict = (message: string) =>
  new HttpProblem(409, "Conflict", message, { couponCode: message });

/**
 * Takes one use of the coupon inside the checkout's transaction. The conditional increment locks
 * the coupon's row; PostgreSQL re-checks `used_count < usage_limit` once the lock is granted, so
 * 200 racing checkouts of a 50-use coupon give exactly 50 uses.
 */
export async function takeCouponUse(tx: Db, couponId: string) {
  const [taken] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
      ),
    )
    .returning({ id: coupons.id });
  if (!taken) throw couponConflict(MONEY_MESSAGES.couponUsedUp);
}

/**
 * Records who used it, in the same transaction as the order. The primary key (coupon, user) keeps
 * it to one use per customer even for two checkouts at once: the second rolls back.
 */
export async function recordRedemption(tx: Db, couponId: string, userId: string, orderId: string) {
  const [redeemed] = await tx
    .insert(couponRedemptions)
    .values({ couponId, userId, orderId })
    .onConflictDoNothing()
    .returning({ couponId: couponRedemptions.couponId });
  if (!redeemed) throw couponConflict(MONEY_MESSAGES.couponAlreadyUsed);
}

export { couponConflict };

const columnsOf = (body: CouponBody) => ({
  code: body.code,
  kind: body.kind,
  value: body.kind === "percent" ? body.value : dollarsToCents(body.value),
  minSubtotalCents: dollarsToCents(body.minSubtotal),
  startsAt: body.startsAt ? new Date(body.startsAt) : null,
  endsAt: body.endsAt ? new Date(body.endsAt) : null,
  usageLimit: body.usageLimit,
  active: body.active,
});

export async function listCoupons(db: Db) {
  return (await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id))).map(toCoupon);
}

function duplicateCode(code: string) {
  return new HttpProblem(409, "Conflict", `A coupon ${code} exists already.`, {
    code: `A coupon ${code} exists already.`,
  });
}

export async function createCoupon(db: Db, body: CouponBody) {
  if (await findCoupon(db, body.code)) throw duplicateCode(body.code);
  const [row] = await db.insert(coupons).values(columnsOf(body)).onConflictDoNothing().returning();
  if (!row) throw duplicateCode(body.code);
  return toCoupon(row);
}

export async function updateCoupon(db: Db, id: string, body: CouponBody) {
  const other = await findCoupon(db, body.code);
  if (other && other.id !== id) throw duplicateCode(body.code);
  const limit = body.usageLimit;
  const [row] = await db
    .update(coupons)
    .set(columnsOf(body))
    // A limit below the uses already made would break the table's check: refuse it clearly.
    .where(and(eq(coupons.id, id), limit === null ? undefined : sql`${coupons.usedCount} <= ${limit}`))
    .returning();
  if (!row) {
    const [existing] = await db.select().from(coupons).where(eq(coupons.id, id));
    if (!existing) throw notFound("No such coupon.");
    const message = `It has been used ${existing.usedCount} times already.`;
    throw new HttpProblem(409, "Conflict", message, { usageLimit: message });
  }
  return toCoupon(row);
}

export async function deleteCoupon(db: Db, id: string) {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning();
  if (!row) throw notFound("No such coupon.");
}
