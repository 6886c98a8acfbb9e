import {
  ORDER_TRANSITIONS,
  type checkoutBodySchema,
  type Order,
  type OrderStatus,
} from "@shop/contract/orders";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, sql, sum } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { cartLines, orderLines, orders, products } from "../db/schema";
import { badRequest, HttpProblem, notFound } from "../http/problem";
import type { PaymentProvider } from "../payments/provider";
import { toProduct } from "../products/service";

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;
type Checkout = z.output<typeof checkoutBodySchema>;

/** Statuses that count as sold (for best sellers). */
const SOLD_STATUSES: OrderStatus[] = ["paid", "shipped", "delivered"];

function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    _id: row.id,
    number: row.number,
    email: row.email,
    status: row.status,
    total: row.totalCents / 100,
    createdAt: row.createdAt.toISOString(),
    delivery: {
      name: row.deliveryName,
      address: row.deliveryAddress,
      city: row.deliveryCity,
      phone: row.deliveryPhone,
    },
    payment: { provider: row.paymentProvider, reference: row.paymentReference, last4: row.cardLast4 },
    lines: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.image,
      price: line.unitPriceCents / 100,
      quantity: line.quantity,
      total: (line.unitPriceCents * line.quantity) / 100,
    })),
  };
}

async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.name));
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
    ),
  );
}

/** Thrown inside the checkout transaction: the rollback leaves stock and cart as they were. */
export class PaymentProblem extends HttpProblem {}

/**
 * Checks out cart lines: in one transaction it re-reads prices, takes the stock (a conditional
 * decrement, so parallel checkouts never oversell), charges the card, records the order with
 * line snapshots and removes the bought lines from the cart. The same idempotency key returns
 * the first order instead of placing another.
 */
export async function placeOrder(
  db: Db,
  payments: PaymentProvider,
  owner: { id: string; email: string },
  checkout: Checkout,
  idempotencyKey: string,
): Promise<{ order: Order; created: boolean }> {
  const earlier = await findByIdempotencyKey(db, owner.id, idempotencyKey);
  if (earlier) return { order: earlier, created: false };

  try {
    const order = await db.transaction(async (tx) => {
      const lineIds = [...new Set(checkout.lineIds)];
      const lines = await tx
        .select({
          id: cartLines.id,
          productId: products.id,
          quantity: cartLines.quantity,
          name: products.name,
          image: products.image,
          priceCents: products.priceCents,
        })
        .from(cartLines)
        .innerJoin(products, eq(products.id, cartLines.productId))
        .where(and(eq(cartLines.userId, owner.id), inArray(cartLines.id, lineIds)))
        // One lock order for every checkout: no deadlocks between two carts sharing products.
        .orderBy(asc(products.id));
      if (lines.length !== lineIds.length) {
        throw new HttpProblem(
          409,
          "Conflict",
          "Some of these items are no longer in your cart. Reload the cart and try again.",
        );
      }

      for (const line of lines) {
        const [taken] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}` })
          .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
          .returning({ stock: products.stock });
        if (!taken) {
          const [current] = await tx
            .select({ stock: products.stock })
            .from(products)
            .where(eq(products.id, line.productId));
          const left = current?.stock ?? 0;
          throw new HttpProblem(
            409,
            "Conflict",
            left === 0 ? `${line.name} is out of stock.` : `Only ${left} of ${line.name} left in stock.`,
          );
        }
      }

      const totalCents = lines.reduce((total, line) => total + line.priceCents * line.quantity, 0);
      const payment = await payments.charge({
        amountCents: totalCents,
        currency: "usd",
        card: checkout.card,
        reference: idempotencyKey,
      });
      if (payment.status === "declined") throw new PaymentProblem(402, "Payment Declined", payment.message);
      if (payment.status === "invalid") {
        throw new PaymentProblem(400, "Bad Request", payment.message, {
          [`card.${payment.field}`]: payment.message,
        });
      }

      const [row] = await tx
        .insert(orders)
        .values({
          userId: owner.id,
          email: owner.email,
          status: "paid",
          totalCents,
          deliveryName: checkout.delivery.name,
          deliveryAddress: checkout.delivery.address,
          deliveryCity: checkout.delivery.city,
          deliveryPhone: checkout.delivery.phone,
          paymentProvider: payments.name,
          paymentReference: payment.reference,
          cardLast4: payment.last4,
          idempotencyKey,
        })
        .returning();
      const inserted = await tx
        .insert(orderLines)
        .values(
          lines.map((line) => ({
            orderId: row!.id,
            productId: line.productId,
            name: line.name,
            image: line.image,
            unitPriceCents: line.priceCents,
            quantity: line.quantity,
          })),
        )
        .returning();
      await tx.delete(cartLines).where(inArray(cartLines.id, lineIds));
      return toOrder(row!, inserted);
    });
    return { order, created: true };
  } catch (error) {
    // Two requests with one key raced: the other committed first; answer with its order.
    if (isUniqueViolation(error, "orders_user_idempotency_unique")) {
      const winner = await findByIdempotencyKey(db, owner.id, idempotencyKey);
      if (winner) return { order: winner, created: false };
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    const candidate = cause as { code?: string; constraint?: string; message?: string };
    if (
      candidate.code === "23505" &&
      (candidate.constraint === constraint || candidate.message?.includes(constraint))
    )
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

async function findByIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ? (await withLines(db, [row]))[0] : undefined;
}

export async function listOrders(
  db: Db,
  filter: { userId?: string; status?: OrderStatus | undefined; limit: number; offset: number },
) {
  const where = and(
    filter.userId ? eq(orders.userId, filter.userId) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { items: await withLines(db, rows), total: totals[0]?.total ?? 0 };
}

/** One order; `userId` set: only if it is theirs (otherwise it does not exist for them). */
export async function getOrder(db: Db, id: string, userId?: string): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), userId ? eq(orders.userId, userId) : undefined))
    .limit(1);
  if (!row) throw notFound("No such order.");
  return (await withLines(db, [row]))[0]!;
}

/** Moves an order one allowed step; cancelling a paid order puts its units back in stock. */
export async function changeOrderStatus(db: Db, id: string, next: OrderStatus): Promise<Order> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!row) throw notFound("No such order.");
    if (!ORDER_TRANSITIONS[row.status].includes(next)) {
      throw new HttpProblem(409, "Conflict", `An order that is ${row.status} cannot become ${next}.`);
    }
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    if (next === "cancelled") {
      for (const line of lines) {
        if (!line.productId) continue;
        await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${line.quantity}` })
          .where(eq(products.id, line.productId));
      }
    }
    const [updated] = await tx.update(orders).set({ status: next }).where(eq(orders.id, id)).returning();
    return toOrder(updated!, lines);
  });
}

/** The products with most units sold in paid orders, topped up with the newest products. */
export async function bestSellers(db: Db, limit: number) {
  const sold = await db
    .select({ productId: orderLines.productId, units: sum(orderLines.quantity).mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orders.status, SOLD_STATUSES), isNotNull(orderLines.productId)))
    .groupBy(orderLines.productId)
    .orderBy(desc(sum(orderLines.quantity)), asc(orderLines.productId))
    .limit(limit);
  const soldIds = sold.map((entry) => entry.productId!);
  const top = soldIds.length ? await db.select().from(products).where(inArray(products.id, soldIds)) : [];
  const ranked = soldIds.flatMap((id) => top.filter((product) => product.id === id));
  const fill = await db
    .select()
    .from(products)
    .where(soldIds.length ? sql`${products.id} not in ${soldIds}` : undefined)
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit - ranked.length);
  return [...ranked, ...fill].map(toProduct);
}

export const requireIdempotencyKey = (value: unknown): string => {
  if (
    typeof value !== "string" ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  ) {
    throw badRequest("Send a UUID in the Idempotency-Key header, one per checkout.", {
      "idempotency-key": "Required: a UUID",
    });
  }
  return value.toLowerCase();
};
