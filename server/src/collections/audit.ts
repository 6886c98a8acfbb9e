import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditEvents, collectionProducts, type collections } from "../db/schema";

/**
 * Audit events for collection writes (decision 048): kind `collection`, one event per write, the
 * actor from the transaction (withAuditActor), as the bulk sale writes its own (decision 047).
 * Written by the service rather than a trigger: a picks write is a delete and an insert of many
 * rows, which one event per collection describes better (the number of products before → after).
 */
type CollectionRow = typeof collections.$inferSelect;
type AuditValues = Record<string, unknown>;

/** The fields an event shows, by the names the audit trail lists. */
export const auditedFieldsOf = (row: CollectionRow): AuditValues => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  image: row.image,
  kind: row.kind,
  category: row.category,
  min_price_cents: row.minPriceCents,
  max_price_cents: row.maxPriceCents,
  on_sale: row.onSale,
  newest_n: row.newestN,
});

/** The fields that differ, before and after; null when none does. */
export function changedFields(before: AuditValues, after: AuditValues): [AuditValues, AuditValues] | null {
  const keys = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
  if (keys.length === 0) return null;
  return [
    Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  ];
}

export async function recordCollectionEvent(
  tx: Db,
  action: "created" | "updated" | "deleted",
  collection: { id: string; title: string },
  before: AuditValues | null,
  after: AuditValues | null,
): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: sql`audit_actor_id()`,
    actorEmail: sql`audit_actor_email()`,
    kind: "collection",
    action,
    entityId: collection.id,
    entityLabel: collection.title,
    before,
    after,
  });
}

/**
 * One event for a change of a collection's picks: the number of products before → after, and how
 * many were added and removed.
 */
export async function recordPicksChange(
  tx: Db,
  collection: { id: string; title: string },
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const had = new Set(before);
  const has = new Set(after);
  const added = after.filter((id) => !had.has(id)).length;
  const removed = before.filter((id) => !has.has(id)).length;
  const sameOrder = before.length === after.length && before.every((id, index) => after[index] === id);
  if (sameOrder) return;
  await recordCollectionEvent(
    tx,
    "updated",
    collection,
    { products: before.length },
    { products: after.length, added, removed },
  );
}

/** The picks' ids in the owner's order. */
export async function pickIds(tx: Db, collectionId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, collectionId))
    .orderBy(collectionProducts.position);
  return rows.map((row) => row.id);
}
