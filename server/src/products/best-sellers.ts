import { and, asc, desc, eq, inArray, isNotNull, sql, sum } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orders, products } from "../db/schema";
import { SOLD_STATUSES } from "../orders/sold-statuses";
import { toProduct } from "./service";
import { shownToShoppersSql } from "./visibility";

/**
 * The products with most units sold in paid orders, topped up with the newest products; only
 * those shoppers see at `now` (decision 046).
 */
export async function bestSellers(db: Db, limit: number, now = Date.now()) {
  const shown = shownToShoppersSql(new Date(now));
  const sold = await db
    .select({ productId: orderLines.productId, units: sum(orderLines.quantity).mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orders.status, SOLD_STATUSES), isNotNull(orderLines.productId)))
    .groupBy(orderLines.productId)
    .orderBy(desc(sum(orderLines.quantity)), asc(orderLines.productId))
    .limit(limit);
  const soldIds = sold.map((entry) => entry.productId!);
  const top = soldIds.length
    ? await db
        .select()
        .from(products)
        .where(and(inArray(products.id, soldIds), shown))
    : [];
  const ranked = soldIds.flatMap((id) => top.filter((product) => product.id === id));
  const fill = await db
    .select()
    .from(products)
    .where(and(shown, soldIds.length ? sql`${products.id} not in ${soldIds}` : undefined))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit - ranked.length);
  return [...ranked, ...fill].map((row) => toProduct(row, now));
}
