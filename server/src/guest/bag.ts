import { CART_MESSAGES, CART_QUANTITY_MAX, type CartLine } from "@shop/contract/cart";
import {
  GUEST_BAG_IDLE_DAYS,
  GUEST_BAG_MAX_LINES,
  GUEST_MESSAGES,
  type BagMergeReport,
  type GuestBag,
} from "@shop/contract/guest";
import { and, eq, sql } from "drizzle-orm";
import { chooseVariantFirst, outOfStock, toCartLine, type LineColumns } from "../cart/service";
import { selectRows, type Db } from "../db/client";
import { hashToken, newSecretToken } from "../orders/order-links";
import { cartLines, guestBagLines, guestBags } from "../db/schema";
import { badRequest, notFound } from "../http/problem";
import { parseOptions, variantImageSql, variantName, variantOptionsSql } from "../products/variant-sql";
import { shownToShoppersSql } from "../products/visibility";

/** The bag whose cookie this is, or null (none, expired or made up). */
export async function findGuestBag(db: Db, token: string | undefined): Promise<string | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [bag] = await db
    .select({ id: guestBags.id })
    .from(guestBags)
    .where(eq(guestBags.tokenHash, hashToken(token)));
  return bag?.id ?? null;
}

/** A new bag: answers its id and the token its cookie carries. */
export async function createGuestBag(db: Db): Promise<{ bagId: string; token: string }> {
  const token = newSecretToken();
  const [bag] = await db
    .insert(guestBags)
    .values({ tokenHash: hashToken(token) })
    .returning();
  return { bagId: bag!.id, token };
}

/** Every write keeps the bag alive for another GUEST_BAG_IDLE_DAYS. */
const touch = (db: Db, bagId: string) =>
  db.update(guestBags).set({ updatedAt: new Date() }).where(eq(guestBags.id, bagId));

type GuestLineRow = Omit<LineColumns, "variant_id" | "product_id"> & {
  variant_id: string | null;
  product_id: string | null;
  saved_name: string;
};

/**
 * The bag's lines with their variant now (price, stock, options); a deleted variant's line has
 * nulls, and so has the line of a product taken off sale (decision 046): both are unavailable.
 */
const linesSql = (bagId: string, lineId?: string) => sql`
  select l.id as line_id, case when ${shownToShoppersSql(new Date(), sql`p`)} then v.product_id end as product_id,
    case when ${shownToShoppersSql(new Date(), sql`p`)} then l.variant_id end as variant_id,
    ${variantOptionsSql(sql`v`)} as options, l.quantity,
    p.name, ${variantImageSql(sql`v`, sql`p`)} as image, v.price_cents, v.sale_price_cents,
    p.sale_starts_at, p.sale_ends_at, l.price_seen_cents, v.stock, l.name as saved_name
  from ${guestBagLines} l
    left join product_variants v on v.id = l.variant_id
    left join products p on p.id = v.product_id
  where l.bag_id = ${bagId} ${lineId ? sql`and l.id = ${lineId}` : sql``}
  order by l.created_at desc, l.id asc`;

const isLive = (row: GuestLineRow): row is GuestLineRow & LineColumns => row.variant_id !== null;

/** The bag as the page shows it: priced lines now, their units, and lines whose product went. */
export async function listGuestBag(db: Db, bagId: string | null, now = Date.now()): Promise<GuestBag> {
  if (!bagId) return { lines: [], itemCount: 0, unavailable: [] };
  const rows = await selectRows<GuestLineRow>(db, linesSql(bagId));
  const lines = rows.filter(isLive).map((row) => toCartLine(row, "", now));
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    unavailable: rows
      .filter((row) => !isLive(row))
      .map((row) => ({ _id: row.line_id, name: row.saved_name, quantity: row.quantity })),
  };
}

interface VariantRow {
  product_name: string;
  variant_count: number;
  variant_id: string | null;
  options: unknown;
  stock: number | null;
  price_now: number | null;
}

/**
 * Adds `quantity` of a variant to the guest's bag (raising an existing line): the signed-in
 * bag's rules (a variant chosen when there are several, at most 99 and the stock), and at most
 * GUEST_BAG_MAX_LINES lines.
 */
export async function addToGuestBag(
  db: Db,
  bagId: string,
  productId: string,
  quantity: number,
  variantId: string | undefined,
  now = Date.now(),
): Promise<CartLine> {
  const [variant] = await selectRows<VariantRow>(
    db,
    sql`select p.name as product_name, p.variant_count, v.id as variant_id,
          ${variantOptionsSql(sql`v`)} as options, v.stock,
          (case when v.sale_price_cents is not null and v.sale_price_cents < v.price_cents
             and (p.sale_starts_at is null or p.sale_starts_at <= ${new Date(now).toISOString()}::timestamptz)
             and (p.sale_ends_at is null or p.sale_ends_at > ${new Date(now).toISOString()}::timestamptz)
           then v.sale_price_cents else v.price_cents end) as price_now
        from products p left join product_variants v on v.product_id = p.id
          and (v.id = ${variantId ?? null}::uuid or (${variantId ?? null}::uuid is null and p.variant_count = 1))
        where p.id = ${productId}::uuid and ${shownToShoppersSql(new Date(now), sql`p`)}`,
  );
  if (!variant) throw notFound("No product has this id.");
  if (variant.variant_id === null) {
    if (variantId) throw notFound(`${variant.product_name} has no such variant.`);
    throw await chooseVariantFirst(db, productId);
  }
  const name = variantName(variant.product_name, parseOptions(variant.options));
  const stock = variant.stock ?? 0;
  const lineId = await db.transaction(async (tx) => {
    // The bag's row lock serialises this bag's writes: the line cap cannot be passed by a race.
    await tx.select({ id: guestBags.id }).from(guestBags).where(eq(guestBags.id, bagId)).for("update");
    const [existing] = await tx
      .select({ id: guestBagLines.id, quantity: guestBagLines.quantity })
      .from(guestBagLines)
      .where(and(eq(guestBagLines.bagId, bagId), eq(guestBagLines.variantId, variant.variant_id!)));
    const wanted = (existing?.quantity ?? 0) + quantity;
    if (wanted > CART_QUANTITY_MAX) {
      throw badRequest(CART_MESSAGES.quantityOverLimit, { quantity: CART_MESSAGES.quantityOverLimit });
    }
    if (stock === 0) throw outOfStock(`${name} is out of stock.`);
    if (wanted > stock) {
      throw outOfStock(
        existing
          ? `Only ${stock} of ${name} left in stock; your bag has ${existing.quantity}.`
          : `Only ${stock} of ${name} left in stock.`,
      );
    }
    if (existing) {
      await tx
        .update(guestBagLines)
        .set({ quantity: wanted, priceSeenCents: variant.price_now, updatedAt: new Date() })
        .where(eq(guestBagLines.id, existing.id));
      await touch(tx, bagId);
      return existing.id;
    }
    const [lineCount] = await selectRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${guestBagLines} where bag_id = ${bagId}`,
    );
    if ((lineCount?.n ?? 0) >= GUEST_BAG_MAX_LINES) throw badRequest(GUEST_MESSAGES.bagFull);
    const [line] = await tx
      .insert(guestBagLines)
      .values({ bagId, variantId: variant.variant_id!, name, quantity, priceSeenCents: variant.price_now })
      .returning({ id: guestBagLines.id });
    await touch(tx, bagId);
    return line!.id;
  });
  return lineOf(db, bagId, lineId, now);
}

async function lineOf(db: Db, bagId: string, lineId: string, now: number): Promise<CartLine> {
  const [row] = await selectRows<GuestLineRow>(db, linesSql(bagId, lineId));
  if (!row || !isLive(row)) throw notFound("Your bag has no such line.");
  return toCartLine(row, "", now);
}

/** Sets a line's quantity: at most 99 (the body's schema) and the variant's stock now. */
export async function changeGuestLine(
  db: Db,
  bagId: string,
  lineId: string,
  quantity: number,
  now = Date.now(),
): Promise<CartLine> {
  const [row] = await selectRows<GuestLineRow>(db, linesSql(bagId, lineId));
  if (!row || !isLive(row)) throw notFound("Your bag has no such line.");
  const name = variantName(row.name, parseOptions(row.options));
  const changed = await db
    .update(guestBagLines)
    .set({ quantity, updatedAt: new Date() })
    .where(
      and(
        eq(guestBagLines.id, lineId),
        sql`exists (select 1 from product_variants v where v.id = ${guestBagLines.variantId} and v.stock >= ${quantity})`,
      ),
    )
    .returning({ id: guestBagLines.id });
  if (changed.length === 0) {
    throw row.stock === 0
      ? outOfStock(`${name} is out of stock.`)
      : outOfStock(`Only ${row.stock} of ${name} left in stock.`);
  }
  await touch(db, bagId);
  return lineOf(db, bagId, lineId, now);
}

/** Removes a line (a lost one too); another bag's line answers like a missing one. */
export async function removeGuestLine(db: Db, bagId: string, lineId: string): Promise<number> {
  const deleted = await db
    .delete(guestBagLines)
    .where(and(eq(guestBagLines.id, lineId), eq(guestBagLines.bagId, bagId)))
    .returning({ id: guestBagLines.id });
  if (deleted.length === 0) throw notFound("Your bag has no such line.");
  await touch(db, bagId);
  return deleted.length;
}

/**
 * Moves the guest's lines into the account's bag and deletes the guest bag, in one transaction
 * holding the guest bag's row lock (a second merge of the same bag, on any instance, finds it
 * gone). Quantities add up to the 99 cap and the stock; sold-out and deleted lines are reported.
 */
export async function mergeGuestBag(db: Db, bagId: string, userId: string): Promise<BagMergeReport> {
  const report: BagMergeReport = { merged: [], reduced: [], unavailable: [] };
  await db.transaction(async (tx) => {
    const [bag] = await tx
      .select({ id: guestBags.id })
      .from(guestBags)
      .where(eq(guestBags.id, bagId))
      .for("update");
    if (!bag) return;
    const rows = await selectRows<GuestLineRow>(tx, linesSql(bagId));
    for (const row of rows.reverse()) {
      if (!isLive(row)) {
        report.unavailable.push({ name: row.saved_name, reason: "deleted" });
        continue;
      }
      const name = variantName(row.name, parseOptions(row.options));
      if (row.stock <= 0) {
        report.unavailable.push({ name, reason: "sold-out" });
        continue;
      }
      const [existing] = await tx
        .select({ quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.userId, userId), eq(cartLines.variantId, row.variant_id)))
        .for("update");
      const before = existing?.quantity ?? 0;
      const wanted = before + row.quantity;
      // Never above 99, nor above the stock (unless the account's line already was).
      const quantity = Math.max(before, Math.min(wanted, CART_QUANTITY_MAX, row.stock));
      await tx
        .insert(cartLines)
        .values({
          userId,
          productId: row.product_id,
          variantId: row.variant_id,
          quantity,
          priceSeenCents: row.price_seen_cents,
        })
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.variantId],
          set: { quantity, updatedAt: new Date() },
        });
      if (quantity < wanted) report.reduced.push({ name, quantity, wanted });
      else report.merged.push({ name, quantity });
    }
    await tx.delete(guestBags).where(eq(guestBags.id, bagId));
  });
  return report;
}

/** Deletes bags untouched for GUEST_BAG_IDLE_DAYS (any instance may run it; it is idempotent). */
export async function sweepIdleGuestBags(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - GUEST_BAG_IDLE_DAYS * 86_400_000);
  const deleted = await db
    .delete(guestBags)
    .where(sql`${guestBags.updatedAt} < ${cutoff.toISOString()}::timestamptz`)
    .returning({ id: guestBags.id });
  return deleted.length;
}

/** The bag's lines priced now (a running sale's price), as checkout will price them. */
export async function guestLinesToPrice(db: Db, bagId: string, lineIds: string[] | undefined, now: number) {
  const rows = await selectRows<GuestLineRow>(db, linesSql(bagId));
  return rows
    .filter(isLive)
    .filter((row) => !lineIds || lineIds.includes(row.line_id))
    .map((row) => ({
      unitPriceCents: Math.round(toCartLine(row, "", now).price * 100),
      quantity: row.quantity,
    }));
}
