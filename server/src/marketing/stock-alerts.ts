import type { WaitingForStock } from "@shop/contract/marketing";
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products, productVariants, stockAlerts } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";

/**
 * "Notify me" on a sold-out variant. Asking twice keeps one request; a variant in stock is
 * refused (it can be bought now).
 */
export async function requestStockAlert(
  db: Db,
  variantId: string,
  email: string,
  userId: string | null,
): Promise<void> {
  const [variant] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  if (!variant) throw notFound("No such product variant.");
  if (variant.stock > 0) throw new HttpProblem(409, "Conflict", "This is in stock: you can order it now.");
  await db
    .insert(stockAlerts)
    .values({ variantId, email: email.trim().toLowerCase(), userId })
    .onConflictDoNothing();
}

/** How many wait for each variant, most waited-for first. */
export async function waitingForStock(db: Db): Promise<WaitingForStock> {
  const waiting = count(stockAlerts.id);
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      optionValues: productVariants.optionValues,
      stock: productVariants.stock,
      waiting,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .groupBy(productVariants.id, products.id, products.name)
    .orderBy(desc(waiting), products.name)
    .limit(200);
}
