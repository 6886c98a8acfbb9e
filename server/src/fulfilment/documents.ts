import { centsToDollars } from "@shop/contract/money";
import { documentNumber, type FulfilmentSettings, type OrderDocument } from "@shop/contract/fulfilment";
import type { Language } from "@shop/contract/languages";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { documentCounters, invoices, orders } from "../db/schema";
import { notFound } from "../http/problem";
import { mailLanguage } from "../mail/mail-language";
import { getFulfilmentSettings } from "./settings";

export type DocumentRow = typeof invoices.$inferSelect;
type DocumentKind = DocumentRow["kind"];

/**
 * Issues a numbered document in the caller's transaction, with the seller's details as they are
 * now (`seller`, when the caller read the settings already). The counter's upsert and the
 * document's insert are one statement: the upsert takes the counter row's lock and keeps it until
 * the caller's transaction ends, so concurrent issuers (on any instance) wait in line and a
 * rolled-back transaction gives its number back: no gaps, no duplicates (decision 033). Every
 * checkout waits on that lock, so it is held for as few round trips as possible.
 */
async function issue(
  tx: Db,
  document: { kind: DocumentKind; orderId: string; refundId?: string; amountCents: number },
  seller?: FulfilmentSettings["seller"],
): Promise<DocumentRow> {
  const issuedBy = seller ?? (await getFulfilmentSettings(tx)).seller;
  const next = tx.$with("next_number").as(
    tx
      .insert(documentCounters)
      .values({ kind: document.kind, lastNumber: 1 })
      .onConflictDoUpdate({
        target: documentCounters.kind,
        set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: documentCounters.lastNumber }),
  );
  const [row] = await tx
    .with(next)
    .insert(invoices)
    .select((query) =>
      query
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          kind: sql`${document.kind}::document_kind`.as("kind"),
          number: next.lastNumber,
          orderId: sql`${document.orderId}::uuid`.as("order_id"),
          refundId: sql`${document.refundId ?? null}::uuid`.as("refund_id"),
          amountCents: sql`${document.amountCents}::integer`.as("amount_cents"),
          seller: sql`${JSON.stringify(issuedBy)}::jsonb`.as("seller"),
          issuedAt: sql`now()`.as("issued_at"),
        })
        .from(next),
    )
    .returning();
  return row!;
}

/** The invoice of an order just paid: call it last in the paying transaction (the counter's lock is held to the commit). */
export const issueInvoice = (
  tx: Db,
  order: { id: string; totalCents: number },
  seller?: FulfilmentSettings["seller"],
) => issue(tx, { kind: "invoice", orderId: order.id, amountCents: order.totalCents }, seller);

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

/**
 * The language of an order's invoice and credit notes: the one it was placed in (orders.language),
 * when the shop still offers it, else DEFAULT_LANGUAGE; so a document reads the same whoever
 * downloads it, and whenever (decision 041).
 */
export async function orderLanguage(db: Db, orderId: string): Promise<Language> {
  const [row] = await db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId));
  return mailLanguage(row?.language);
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
