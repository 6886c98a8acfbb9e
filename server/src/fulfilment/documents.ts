import { centsToDollars } from "@shop/contract/money";
import { documentNumber, type OrderDocument } from "@shop/contract/fulfilment";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { documentCounters, invoices, orders } from "../db/schema";
import { notFound } from "../http/problem";
import { getFulfilmentSettings } from "./settings";

export type DocumentRow = typeof invoices.$inferSelect;
type DocumentKind = DocumentRow["kind"];

/**
 * The next number of a kind of document. The upsert takes the counter row's lock and keeps it
 * until the caller's transaction ends, so concurrent issuers (on any instance) wait in line and a
 * rolled-back transaction gives its number back: no gaps, no duplicates (decision 033).
 */
async function nextNumber(tx: Db, kind: DocumentKind): Promise<number> {
  const [counter] = await tx
    .insert(documentCounters)
    .values({ kind, lastNumber: 1 })
    .onConflictDoUpdate({
      target: documentCounters.kind,
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return counter!.lastNumber;
}

/** Issues a numbered document in the caller's transaction (with the seller's details of now). */
async function issue(
  tx: Db,
  document: { kind: DocumentKind; orderId: string; refundId?: string; amountCents: number },
): Promise<DocumentRow> {
  const { seller } = await getFulfilmentSettings(tx);
  const number = await nextNumber(tx, document.kind);
  const [row] = await tx
    .insert(invoices)
    .values({ ...document, number, seller })
    .returning();
  return row!;
}

/** The invoice of an order just paid: call it last in the paying transaction (the counter's lock is held to the commit). */
export const issueInvoice = (tx: Db, order: { id: string; totalCents: number }) =>
  issue(tx, { kind: "invoice", orderId: order.id, amountCents: order.totalCents });

/**
 * The credit note of a refund the provider paid back, in the transaction that records it; a
 * refund that already has one (paid back on an earlier attempt) keeps it and takes no number.
 */
export async function issueCreditNote(tx: Db, refund: { id: string; orderId: string; amountCents: number }) {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.refundId, refund.id));
  if (existing) return existing;
  return issue(tx, {
    kind: "credit-note",
    orderId: refund.orderId,
    refundId: refund.id,
    amountCents: refund.amountCents,
  });
}

/**
 * The order's invoice; an order paid before invoices existed gets its number now (under the
 * order's row lock, so two downloads issue one).
 */
export async function invoiceOf(db: Db, orderId: string): Promise<DocumentRow> {
  const [existing] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw notFound("No such order.");
    const [issued] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
    return issued ?? issueInvoice(tx, order);
  });
}

export async function documentsOf(db: Db, orderIds: string[]): Promise<DocumentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.kind), asc(invoices.number));
}

export const toOrderDocument = (row: DocumentRow): OrderDocument => ({
  _id: row.id,
  kind: row.kind,
  number: documentNumber(row.kind, row.number),
  amount: centsToDollars(row.amountCents),
  issuedAt: row.issuedAt.toISOString(),
});
