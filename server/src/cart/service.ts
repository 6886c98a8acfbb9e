import { CART_MESSAGES, CART_QUANTITY_MAX, type CartLine } from "@shop/contract/cart";
import { and, asc, count, desc, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../db/client";
import { cartLines, products } from "../db/schema";
import { badRequest, HttpProblem, notFound } from "../http/problem";

const outOfStock = (detail: string) => new HttpProblem(409, "Conflict", detail, { quantity: detail });

interface Owner {
  id: string;
  email: string;
}

const lineColumns = {
  id: cartLines.id,
  productId: cartLines.productId,
  quantity: cartLines.quantity,
  name: products.name,
  image: products.image,
  priceCents: products.priceCents,
};

function toCartLine(
  row: { id: string; productId: string; quantity: number; name: string; image: string; priceCents: number },
  email: string,
): CartLine {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    image: row.image,
    price: row.priceCents / 100,
    quantity: row.quantity,
    total: (row.priceCents * row.quantity) / 100,
    email,
  };
}

/**
 * Adds `quantity` of a product to the owner's line for it, creating the line if needed. One
 * statement, so parallel adds never lose an update; a total above the limit changes nothing.
 */
export async function addToCart(
  db: Db,
  owner: Owner,
  productId: string,
  quantity: number,
): Promise<CartLine> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound("No product has this id.");
  if (product.stock === 0) throw outOfStock(`${product.name} is out of stock.`);
  if (quantity > product.stock) throw outOfStock(`Only ${product.stock} of ${product.name} left in stock.`);

  const [line] = await db
    .insert(cartLines)
    .values({ userId: owner.id, productId, quantity })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, updatedAt: new Date() },
      // Never more than 99, nor more than the stock at this moment.
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= least(${CART_QUANTITY_MAX}, (select ${products.stock} from ${products} where ${products.id} = excluded.product_id))`,
    })
    .returning();
  if (!line) {
    const [existing] = await db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.userId, owner.id), eq(cartLines.productId, productId)));
    if ((existing?.quantity ?? 0) + quantity > CART_QUANTITY_MAX) {
      throw badRequest(CART_MESSAGES.quantityOverLimit, { quantity: CART_MESSAGES.quantityOverLimit });
    }
    throw outOfStock(
      `Only ${product.stock} of ${product.name} left in stock; your cart has ${existing?.quantity ?? 0}.`,
    );
  }
  return toCartLine(
    { ...line, name: product.name, image: product.image, priceCents: product.priceCents },
    owner.email,
  );
}

export async function listCart(db: Db, owner: Owner, page: { limit: number; offset: number }) {
  // The totals ride along as window columns: one round trip for the page and its counts.
  const rows = await db
    .select({
      ...lineColumns,
      lineCount: sql<number>`count(*) over ()`.mapWith(Number),
      unitCount: sql<number>`sum(${cartLines.quantity}) over ()`.mapWith(Number),
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.userId, owner.id))
    .orderBy(desc(cartLines.createdAt), asc(cartLines.id))
    .limit(page.limit)
    .offset(page.offset);
  const totals = rows[0] ?? (page.offset > 0 ? await cartTotals(db, owner) : { lineCount: 0, unitCount: 0 });
  return {
    lines: rows.map((row) => toCartLine(row, owner.email)),
    lineCount: totals.lineCount,
    itemCount: totals.unitCount,
  };
}

/** For a page past the end, which has no rows to carry the totals. */
async function cartTotals(db: Db, owner: Owner) {
  const [totals] = await db
    .select({ lineCount: count(), unitCount: sum(cartLines.quantity).mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.userId, owner.id));
  return { lineCount: totals?.lineCount ?? 0, unitCount: totals?.unitCount ?? 0 };
}

/** Deletes a line of the owner's (any line for an admin); answers how many went. */
export async function removeCartLine(db: Db, lineId: string, requester: { id: string; isAdmin: boolean }) {
  const owned = requester.isAdmin ? undefined : eq(cartLines.userId, requester.id);
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), owned))
    .returning({ id: cartLines.id });
  // Another user's line answers like a missing one: its existence is not ours to know.
  if (deleted.length === 0) throw notFound("Your cart has no such line.");
  return deleted.length;
}
