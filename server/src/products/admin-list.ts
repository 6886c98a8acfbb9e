import type { AdminProduct, AdminProductListQuery } from "@shop/contract/admin";
import { and, asc, count, desc, eq, gt, ilike, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { escapeLikePattern, toProduct, type ProductRow } from "./service";

/** A product as Manage Products shows it: the shopper's view plus where it stands. */
export function toAdminProduct(row: ProductRow, now = Date.now()): AdminProduct {
  return { ...toProduct(row, now), status: row.status, publishAt: row.publishAt?.toISOString() ?? null };
}

export function statusCondition(status: AdminProductListQuery["status"], now: Date): SQL | undefined {
  const scheduled = and(isNotNull(products.publishAt), gt(products.publishAt, now));
  switch (status) {
    case undefined:
      return undefined;
    case "scheduled":
      return and(eq(products.status, "active"), scheduled);
    case "active":
      return and(eq(products.status, "active"), sql`not coalesce(${scheduled}, false)`);
    default:
      return eq(products.status, status);
  }
}

/** The products Manage Products lists for `q` and `status` (a bulk edit's "all matching" too). */
export function adminProductsWhere(
  query: { q?: string | undefined; status?: AdminProductListQuery["status"] },
  now: number,
): SQL | undefined {
  return and(
    query.q ? ilike(products.name, `%${escapeLikePattern(query.q)}%`) : undefined,
    statusCondition(query.status, new Date(now)),
  );
}

/**
 * Every product whatever its status, newest first, for Manage Products: `q` matches the name
 * (the trigram index), `status` narrows to one (decision 046).
 */
export async function listAdminProducts(
  db: Db,
  query: { q?: string | undefined; status?: AdminProductListQuery["status"]; limit: number; offset: number },
  now = Date.now(),
) {
  const where = adminProductsWhere(query, now);
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(query.limit)
    .offset(query.offset);
  const total =
    rows[0]?.total ??
    (query.offset > 0
      ? ((await db.select({ total: count() }).from(products).where(where))[0]?.total ?? 0)
      : 0);
  return { items: rows.map((row) => toAdminProduct(row.product, now)), total };
}
