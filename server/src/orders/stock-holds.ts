import { inArray, lt, sql } from "drizzle-orm";
import { auditActorSetting, type AuditActor } from "../audit/actor";
import { selectRows, type Db } from "../db/client";
import { stockHolds } from "../db/schema";

/** A hold nobody took this long after it was made belongs to a checkout that died mid-way. */
export const HOLD_ABANDONED_MS = 10 * 60_000;

/** One bag line's units to take: the variant, its product (locked first) and how many. */
export interface UnitsToHold {
  variantId: string;
  productId: string;
  quantity: number;
}

/** The system's changes have no actor; a shopper's hold and release are recorded as theirs. */
const actorOf = (actor: AuditActor | undefined) =>
  actor ? sql`select ${auditActorSetting(actor)}` : sql`select ''`;

/**
 * Takes `line.quantity` units of the variant in one autocommitted statement and records the hold,
 * or takes nothing when fewer are left. The product row is locked first, as every stock writer
 * does (a variant's stock is summed into its product's), and only for this statement: a rush for
 * the last units waits on the row for microseconds, not for a whole checkout (decision 050).
 */
async function holdOne(
  db: Db,
  line: UnitsToHold,
  actor: AuditActor | undefined,
): Promise<string | undefined> {
  const [held] = await selectRows<{ id: string }>(
    db,
    sql`with actor as materialized (${actorOf(actor)}),
      product as materialized (
        select p.id from products p, actor where p.id = ${line.productId} for update of p),
      taken as (
        update product_variants v set stock = v.stock - ${line.quantity}
        from product
        where v.id = ${line.variantId} and v.product_id = product.id and v.stock >= ${line.quantity}
        returning v.id, v.product_id)
      insert into stock_holds (variant_id, product_id, quantity)
      select id, product_id, ${line.quantity} from taken
      returning id`,
  );
  return held?.id;
}

/** Gives one hold's units back, if the hold is still there (its order's commit deletes it). */
async function releaseOne(db: Db, holdId: string, actor: AuditActor | undefined) {
  await db.execute(
    sql`with actor as materialized (${actorOf(actor)}),
      hold as materialized (select product_id from stock_holds where id = ${holdId}),
      product as materialized (
        select p.id from products p, actor where p.id = (select product_id from hold) for update of p),
      released as (
        delete from stock_holds h using product where h.id = ${holdId} and h.product_id = product.id
        returning h.variant_id, h.quantity)
      update product_variants v set stock = v.stock + released.quantity
      from released where v.id = released.variant_id`,
  );
}

/**
 * Holds every line's units, in variant order, or none: when a line has too few left, the holds
 * already made are given back and that line is answered (`short`). A checkout takes its holds in
 * its transaction (takeHolds) and gives them back if it fails (releaseHolds).
 */
export async function holdStock<Line extends UnitsToHold>(
  db: Db,
  lines: readonly Line[],
  actor?: AuditActor,
): Promise<{ holdIds: string[] } | { short: Line }> {
  const holdIds: string[] = [];
  for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
    const held = await holdOne(db, line, actor);
    if (!held) {
      await releaseHolds(db, holdIds, actor);
      return { short: line };
    }
    holdIds.push(held);
  }
  return { holdIds };
}

/**
 * In the order's transaction: the holds become the order's units. False when one is gone (given
 * back as abandoned meanwhile): the caller fails the checkout, which gives the rest back.
 */
export async function takeHolds(tx: Db, holdIds: readonly string[]): Promise<boolean> {
  if (holdIds.length === 0) return true;
  const taken = await tx
    .delete(stockHolds)
    .where(inArray(stockHolds.id, [...holdIds]))
    .returning({ id: stockHolds.id });
  return taken.length === holdIds.length;
}

/** Gives the units of these holds back; those an order already took are left alone. */
export async function releaseHolds(db: Db, holdIds: readonly string[], actor?: AuditActor) {
  for (const holdId of holdIds) await releaseOne(db, holdId, actor);
}

/**
 * Gives back the holds older than HOLD_ABANDONED_MS (their checkout died with its instance), and
 * answers the products whose stock came back. Several instances may sweep at once: a hold is
 * deleted by one of them only.
 */
export async function releaseAbandonedHolds(db: Db, now: () => Date = () => new Date()) {
  const abandoned = await db
    .select({ id: stockHolds.id, productId: stockHolds.productId })
    .from(stockHolds)
    .where(lt(stockHolds.createdAt, new Date(now().getTime() - HOLD_ABANDONED_MS)))
    .limit(1_000);
  await releaseHolds(
    db,
    abandoned.map((hold) => hold.id),
  );
  return [...new Set(abandoned.map((hold) => hold.productId))];
}
