import { trackingUrlOf, type ShipBody } from "@shop/contract/fulfilment";
import type { Order } from "@shop/contract/orders";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orders, shipmentLines, shipments } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import { orderMail, type OrderMail } from "../mail/order-mail";
import { enqueueMails } from "../mail/outbox";
import { prepareOrderMail } from "../orders/order-links";
import { getOrder } from "../orders/service";
import { carriersOf, getFulfilmentSettings } from "./settings";

/** An account's mail links to its order page, a guest's to a fresh private link (decision 042). */
async function enqueueOrderMail(tx: Db, mail: OrderMail) {
  const ready = await prepareOrderMail(tx, mail);
  if (ready) await enqueueMails(tx, [ready]);
}

const conflict = (detail: string, errors?: Record<string, string>) =>
  new HttpProblem(409, "Conflict", detail, errors);

/** Units of each line already in a parcel. */
async function shippedUnits(tx: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      orderLineId: shipmentLines.orderLineId,
      units: sql<number>`sum(${shipmentLines.quantity})`.mapWith(Number),
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(eq(shipments.orderId, orderId))
    .groupBy(shipmentLines.orderLineId);
  return new Map(rows.map((row) => [row.orderLineId, row.units]));
}

async function lockOrder(tx: Db, orderId: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row) throw notFound("No such order.");
  return row;
}

/**
 * Sends a parcel with some units of the order's lines (all that is left when none are named),
 * under the order's row lock so two admins never ship one unit twice. The order becomes shipped
 * when every unit is in a parcel; the shopper gets a mail listing every parcel so far.
 */
export async function shipOrder(
  db: Db,
  orderId: string,
  body: Omit<ShipBody, "lines"> & { lines?: { orderLineId: string; quantity: number }[] | undefined },
): Promise<Order> {
  const order = await lockOrder(db, orderId);
  if (order.status !== "paid") {
    throw conflict(`An order that is ${order.status} has nothing left to ship.`);
  }
  const [lines, shipped, settings] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)),
    shippedUnits(db, orderId),
    getFulfilmentSettings(db),
  ]);
  const left = new Map(lines.map((line) => [line.id, line.quantity - (shipped.get(line.id) ?? 0)]));
  const wanted =
    body.lines ??
    [...left].filter(([, units]) => units > 0).map(([orderLineId, quantity]) => ({ orderLineId, quantity }));
  const merged = new Map<string, number>();
  for (const line of wanted)
    merged.set(line.orderLineId, (merged.get(line.orderLineId) ?? 0) + line.quantity);
  for (const [orderLineId, quantity] of merged) {
    const remaining = left.get(orderLineId);
    if (remaining === undefined) throw conflict("One of these lines is not part of this order.");
    if (quantity > remaining) {
      const line = lines.find((entry) => entry.id === orderLineId)!;
      throw conflict(
        remaining === 0
          ? `${line.name} has already been shipped.`
          : `Only ${remaining} of ${line.name} are left to ship.`,
      );
    }
  }
  if (merged.size === 0) throw conflict("Every item of this order has already been shipped.");

  const carrier = body.carrier.trim();
  const trackingNumber = body.trackingNumber.trim();
  const [parcel] = await db
    .insert(shipments)
    .values({
      orderId,
      carrier,
      trackingNumber,
      trackingUrl: trackingUrlOf(carriersOf(settings), carrier, trackingNumber),
    })
    .returning();
  await db
    .insert(shipmentLines)
    .values(
      [...merged].map(([orderLineId, quantity]) => ({ shipmentId: parcel!.id, orderLineId, quantity })),
    );
  const allShipped = [...left].every(([id, units]) => units - (merged.get(id) ?? 0) === 0);
  if (allShipped) await db.update(orders).set({ status: "shipped" }).where(eq(orders.id, orderId));
  const updated = await getOrder(db, orderId);
  await enqueueOrderMail(db, orderMail("order-shipped", updated, { parcelId: parcel!.id }));
  return updated;
}

/**
 * A parcel arrived. When every unit was shipped and every parcel has arrived, the order is
 * delivered (the return window starts) and the shopper is told.
 */
export async function markShipmentDelivered(db: Db, orderId: string, shipmentId: string): Promise<Order> {
  const order = await lockOrder(db, orderId);
  const [parcel] = await db
    .update(shipments)
    .set({ status: "delivered", deliveredAt: new Date() })
    .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId), eq(shipments.status, "shipped")))
    .returning();
  if (!parcel) {
    const [existing] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.id, shipmentId), eq(shipments.orderId, orderId)));
    throw existing
      ? conflict("This parcel is already delivered.")
      : notFound("No such parcel on this order.");
  }
  const [inTransit] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, "shipped")))
    .limit(1);
  if (order.status === "shipped" && !inTransit) {
    await db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(orders.id, orderId));
    const updated = await getOrder(db, orderId);
    await enqueueOrderMail(db, orderMail("order-delivered", updated));
    return updated;
  }
  return getOrder(db, orderId);
}
