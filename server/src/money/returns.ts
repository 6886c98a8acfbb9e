import { centsToDollars, RETURN_MESSAGES, type ReturnRequest } from "@shop/contract/money";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orders, productVariants, returnLines, returns } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import { lockProducts } from "../orders/stock";
import { recordRefundIntent } from "./refunds";
import { getMoneySettings } from "./settings";
import { returnValueCents } from "./totals";

type ReturnRow = typeof returns.$inferSelect;
const DAY_MS = 86_400_000;

const conflict = (message: string, field?: string) =>
  new HttpProblem(409, "Conflict", message, field ? { [field]: message } : undefined);

export async function returnsOf(
  db: Db,
  orderIds: string[],
): Promise<(ReturnRequest & { orderId: string })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(returns)
    .where(inArray(returns.orderId, orderIds))
    .orderBy(asc(returns.createdAt));
  const lines = rows.length
    ? await db
        .select()
        .from(returnLines)
        .where(
          inArray(
            returnLines.returnId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    orderId: row.orderId,
    _id: row.id,
    status: row.status,
    reason: row.reason,
    amount: centsToDollars(row.amountCents),
    lineIds: lines.filter((line) => line.returnId === row.id).map((line) => line.orderLineId),
    restocked: row.restocked,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * A shopper asks to send back lines of their delivered order, within the return window (counted
 * from delivery). Each line can be in one return only (return_lines' unique key).
 */
export async function requestReturn(
  db: Db,
  /** The buyer's account; undefined when the caller proved the order otherwise (a guest's link). */
  userId: string | undefined,
  orderId: string,
  request: { lineIds: string[]; reason: string },
  now = new Date(),
): Promise<void> {
  const { returnWindowDays } = await getMoneySettings(db);
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), userId === undefined ? undefined : eq(orders.userId, userId)))
      .for("update");
    if (!order) throw notFound("No such order.");
    if (order.status !== "delivered" || !order.deliveredAt) throw conflict(RETURN_MESSAGES.notDelivered);
    if (now.getTime() > order.deliveredAt.getTime() + returnWindowDays * DAY_MS) {
      throw conflict(RETURN_MESSAGES.windowClosed(returnWindowDays));
    }
    const lineIds = [...new Set(request.lineIds)];
    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.id, lineIds)));
    if (lines.length !== lineIds.length) throw conflict(RETURN_MESSAGES.lineUnknown, "lineIds");
    const taken = await tx.select().from(returnLines).where(inArray(returnLines.orderLineId, lineIds));
    if (taken.length > 0) throw conflict(RETURN_MESSAGES.lineTaken, "lineIds");
    const returnedSubtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const [created] = await tx
      .insert(returns)
      .values({ orderId, reason: request.reason, amountCents: returnValueCents(order, returnedSubtotal) })
      .returning();
    await tx
      .insert(returnLines)
      .values(lineIds.map((orderLineId) => ({ returnId: created!.id, orderLineId })));
  });
}

const NEXT: Record<string, { from: ReturnRow["status"]; to: ReturnRow["status"] }> = {
  approve: { from: "requested", to: "approved" },
  reject: { from: "requested", to: "rejected" },
  receive: { from: "approved", to: "received" },
  refund: { from: "received", to: "refunded" },
};

/**
 * The admin's step on a return. `receive` with restock puts the units back in stock; `refund`
 * records the refund intent (key `return:<id>`, so a repeat refunds once) in the same transaction.
 * Answers the order id, the return's order lines and the products whose stock changed.
 */
export async function actOnReturn(
  db: Db,
  returnId: string,
  action: { action: "approve" | "reject" | "refund" } | { action: "receive"; restock: boolean },
): Promise<{ orderId: string; lineIds: string[]; restockedProductIds: string[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for("update");
    if (!row) throw notFound("No such return.");
    const step = NEXT[action.action]!;
    if (row.status !== step.from) {
      throw conflict(`A return that is ${row.status} cannot be marked ${step.to}.`);
    }
    const restockedProductIds: string[] = [];
    if (action.action === "receive" && action.restock) {
      const lines = await tx
        .select({
          productId: orderLines.productId,
          variantId: orderLines.variantId,
          quantity: orderLines.quantity,
        })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
        .where(eq(returnLines.returnId, returnId))
        .orderBy(asc(orderLines.variantId));
      // Units go back to the variant sold (its trigger updates the product's total). Products are
      // locked first, in id order, as every stock writer does (docs/decisions/020-…), so no deadlock.
      const restocked = lines.filter((line) => line.productId !== null && line.variantId !== null);
      await lockProducts(
        tx,
        restocked.map((line) => line.productId!),
      );
      for (const line of restocked) {
        await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
          .where(eq(productVariants.id, line.variantId!));
        restockedProductIds.push(line.productId!);
      }
    }
    if (action.action === "refund" && row.amountCents > 0) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for("update");
      await recordRefundIntent(tx, order!, {
        amountCents: row.amountCents,
        reason: "Return",
        idempotencyKey: `return:${row.id}`,
        upToWhatIsLeft: true,
      });
    }
    await tx
      .update(returns)
      .set({ status: step.to, ...(action.action === "receive" ? { restocked: action.restock } : {}) })
      .where(eq(returns.id, returnId));
    const lineIds = (
      await tx
        .select({ id: returnLines.orderLineId })
        .from(returnLines)
        .where(eq(returnLines.returnId, returnId))
    ).map((line) => line.id);
    return { orderId: row.orderId, lineIds, restockedProductIds };
  });
}
