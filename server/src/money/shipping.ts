import { centsToDollars, dollarsToCents, type ShippingMethod } from "@shop/contract/money";
import type { z } from "zod";
import type { shippingMethodBodySchema } from "@shop/contract/money";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { shippingMethods } from "../db/schema";
import { notFound } from "../http/problem";
import type { ShippingTerms } from "./totals";

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
type ShippingMethodBody = z.output<typeof shippingMethodBodySchema>;

export function toShippingMethod(row: ShippingMethodRow): ShippingMethod {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.flatRateCents),
    freeFrom: row.freeFromCents === null ? null : centsToDollars(row.freeFromCents),
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

export const shippingTermsOf = (row: ShippingMethodRow): ShippingTerms => ({
  flatRateCents: row.flatRateCents,
  freeFromCents: row.freeFromCents,
});

export async function listShippingMethods(db: Db, { activeOnly }: { activeOnly: boolean }) {
  return db
    .select()
    .from(shippingMethods)
    .where(activeOnly ? eq(shippingMethods.active, true) : undefined)
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.flatRateCents), asc(shippingMethods.id));
}

const columnsOf = (body: ShippingMethodBody) => ({
  name: body.name,
  description: body.description,
  flatRateCents: dollarsToCents(body.price),
  freeFromCents: body.freeFrom === null ? null : dollarsToCents(body.freeFrom),
  active: body.active,
  sortOrder: body.sortOrder,
});

export async function createShippingMethod(db: Db, body: ShippingMethodBody) {
  const [row] = await db.insert(shippingMethods).values(columnsOf(body)).returning();
  return toShippingMethod(row!);
}

export async function updateShippingMethod(db: Db, id: string, body: ShippingMethodBody) {
  const [row] = await db
    .update(shippingMethods)
    .set(columnsOf(body))
    .where(eq(shippingMethods.id, id))
    .returning();
  if (!row) throw notFound("No such shipping method.");
  return toShippingMethod(row);
}

/** Orders keep the method's name as a snapshot; their reference is set to null. */
export async function deleteShippingMethod(db: Db, id: string) {
  const [row] = await db.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
  if (!row) throw notFound("No such shipping method.");
}
