import { sql, type SQL } from "drizzle-orm";
import { products } from "../db/schema";

/** What decides whether shoppers see a product (decision 046). */
export interface VisibilityColumns {
  status: "draft" | "active" | "archived";
  publishAt: Date | null;
}

/** Shoppers see an active product from its publish time on (none: at once). */
export function shownToShoppers(row: VisibilityColumns, now: number): boolean {
  return row.status === "active" && (row.publishAt === null || row.publishAt.getTime() <= now);
}

/**
 * shownToShoppers as SQL over `products`, or over the products row aliased `alias`; `now` a
 * time or a timestamptz expression (a prepared statement's placeholder).
 */
export function shownToShoppersSql(now: Date | SQL, alias?: SQL): SQL {
  const status = alias ? sql`${alias}.status` : sql`${products.status}`;
  const publishAt = alias ? sql`${alias}.publish_at` : sql`${products.publishAt}`;
  return sql`(${status} = 'active' and (${publishAt} is null or ${publishAt} <= ${now}))`;
}

/** The earliest scheduled publish time after `now` among these rows (infinite: none). */
export function nextPublishOf(rows: Iterable<VisibilityColumns>, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.status !== "active" || row.publishAt === null) continue;
    const at = row.publishAt.getTime();
    if (at > now && at < next) next = at;
  }
  return next;
}
