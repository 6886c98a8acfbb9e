import type { Shipment } from "@shop/contract/fulfilment";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { shipmentLines, shipments } from "../db/schema";

type ShipmentRow = typeof shipments.$inferSelect;
type ShipmentLineRow = typeof shipmentLines.$inferSelect;

/** The parcels of these orders with their lines, oldest first (the order's answer carries them). */
export async function shipmentsOf(db: Db, orderIds: string[]): Promise<(Shipment & { orderId: string })[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.shippedAt), asc(shipments.id));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(shipmentLines)
          .where(
            inArray(
              shipmentLines.shipmentId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((row) => toShipment(row, lines));
}

const toShipment = (row: ShipmentRow, lines: ShipmentLineRow[]) => ({
  _id: row.id,
  orderId: row.orderId,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
  status: row.status,
  shippedAt: row.shippedAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  lines: lines
    .filter((line) => line.shipmentId === row.id)
    .map((line) => ({ orderLineId: line.orderLineId, quantity: line.quantity })),
});
