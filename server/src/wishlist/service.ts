import { randomBytes } from "node:crypto";
import type { WishlistItem } from "@shop/contract/marketing";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { cartLines, products, productVariants, users, wishlistItems, wishlistShares } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";
import { shownToShoppersSql } from "../products/visibility";

/**
 * The wishlist as it is now: today's price beside the price when added, and the stock. A product
 * taken off sale (a draft again, archived) is left out until it is back (decision 046).
 */
export async function listWishlist(db: Db, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select({
      productId: products.id,
      productname: products.name,
      image: products.image,
      variantId: wishlistItems.variantId,
      optionValues: productVariants.optionValues,
      priceCents: sql<number>`coalesce(${productVariants.priceCents}, ${products.priceCents})`,
      priceCentsWhenAdded: wishlistItems.priceCentsWhenAdded,
      stock: sql<number>`coalesce(${productVariants.stock}, ${products.stock})`,
      addedAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
    .where(and(eq(wishlistItems.userId, userId), shownToShoppersSql(new Date())))
    .orderBy(desc(wishlistItems.createdAt))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    optionValues: row.optionValues ?? [],
    priceCents: Number(row.priceCents),
    stock: Number(row.stock),
    addedAt: row.addedAt.toISOString(),
  }));
}

export const NOT_SOLD_NOW_MESSAGE = "This product is not for sale at the moment.";

/** Saves a product (with the size she picked, if any); saving it again keeps the first price. */
export async function addToWishlist(
  db: Db,
  userId: string,
  productId: string,
  variantId: string | null,
): Promise<void> {
  const [product] = await db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.id, productId), shownToShoppersSql(new Date())));
  if (!product) throw notFound("No such product.");
  let priceCents = product.priceCents;
  if (variantId) {
    const [variant] = await db
      .select({ priceCents: productVariants.priceCents })
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    if (!variant) throw notFound("This product has no such size or colour.");
    priceCents = variant.priceCents;
  }
  await db
    .insert(wishlistItems)
    .values({ userId, productId, variantId, priceCentsWhenAdded: priceCents })
    .onConflictDoUpdate({
      target: [wishlistItems.userId, wishlistItems.productId],
      set: { variantId: sql`coalesce(excluded.variant_id, ${wishlistItems.variantId})` },
    });
}

export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/**
 * Moves an item to the bag with its size (one more of it if the bag has it), in one
 * transaction. A product saved without a size needs one first, unless it comes in one only.
 */
export async function moveToBag(db: Db, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    if (!item) throw notFound("This is not on your wishlist.");
    const [shown] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), shownToShoppersSql(new Date())));
    if (!shown) throw new HttpProblem(409, "Conflict", NOT_SOLD_NOW_MESSAGE);
    let variantId = item.variantId;
    if (!variantId) {
      const variants = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      if (variants.length !== 1)
        throw new HttpProblem(409, "Conflict", "Choose a size or colour on the product page first.");
      variantId = variants[0]!.id;
    }
    const [variant] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    if (!variant || variant.stock < 1)
      throw new HttpProblem(409, "Conflict", "This is sold out; it stays on your wishlist.");
    await tx
      .insert(cartLines)
      .values({ userId, productId, variantId, quantity: 1 })
      .onConflictDoUpdate({
        target: [cartLines.userId, cartLines.variantId],
        set: { quantity: sql`least(${cartLines.quantity} + 1, 99)`, updatedAt: sql`now()` },
      });
    await tx.delete(wishlistItems).where(eq(wishlistItems.id, item.id));
  });
}

export async function shareTokenOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select().from(wishlistShares).where(eq(wishlistShares.userId, userId));
  return row?.token ?? null;
}

/** Opens the read-only link (the same one while it stays open). */
export async function openShare(db: Db, userId: string): Promise<string> {
  await db
    .insert(wishlistShares)
    .values({ userId, token: randomBytes(18).toString("base64url") })
    .onConflictDoNothing();
  return (await shareTokenOf(db, userId))!;
}

/** Revokes the link: whoever has it sees nothing from now on. */
export async function revokeShare(db: Db, userId: string): Promise<void> {
  await db.delete(wishlistShares).where(eq(wishlistShares.userId, userId));
}

export async function sharedWishlist(db: Db, token: string) {
  const [share] = await db
    .select({ userId: wishlistShares.userId, name: users.name })
    .from(wishlistShares)
    .innerJoin(users, eq(users.id, wishlistShares.userId))
    .where(eq(wishlistShares.token, token));
  if (!share) throw notFound("This wishlist is not shared, or its link was revoked.");
  return { name: share.name, items: await listWishlist(db, share.userId) };
}
