import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { orderLines } from "../db/schema";
import { productVariants, products } from "../db/schema";

/** Takes the product rows' locks in id order (see placeOrder). */
export async function lockProducts(tx: Db, productIds: readonly string[]) {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
}

/** Puts an order's units back in stock (a cancellation, a released payment hold). */
export async function returnStock(tx: Db, lines: readonly (typeof orderLines.$inferSelect)[]) {
  // A variant deleted since has nothing to return its units to.
  const returned = lines
    .filter((line) => line.variantId !== null)
    .sort((a, b) => a.variantId!.localeCompare(b.variantId!));
  await lockProducts(
    tx,
    returned.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  for (const line of returned) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(sql`${productVariants.id} = ${line.variantId}`);
  }
}
