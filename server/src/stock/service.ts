import {
  LOW_STOCK_DEFAULT_THRESHOLD,
  LOW_STOCK_SALES_WINDOW_DAYS,
  type LowStock,
  type LowStockItem,
} from "@shop/contract/desk";
import type { Category } from "@shop/contract/catalogue";
import { eq, sql } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";
import { shopSettings } from "../db/schema";
import { parseOptions, variantOptionsSql } from "../products/variant-sql";

const THRESHOLD_KEY = "low_stock_threshold";
/** The page lists the lowest first; a shop with more than this many low items has a bigger problem. */
const LOW_STOCK_LIST_LIMIT = 200;

export async function getLowStockThreshold(db: Db): Promise<number> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, THRESHOLD_KEY)).limit(1);
  const value = (row?.value as { threshold?: unknown } | undefined)?.threshold;
  return typeof value === "number" ? value : LOW_STOCK_DEFAULT_THRESHOLD;
}

export async function setLowStockThreshold(db: Db, threshold: number): Promise<number> {
  await db
    .insert(shopSettings)
    .values({ key: THRESHOLD_KEY, value: { threshold } })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: { threshold }, updatedAt: new Date() } });
  return threshold;
}

interface LowStockRow {
  product_id: string;
  variant_id: string;
  name: string;
  category: Category;
  stock: number;
  options: unknown;
  units: string | number;
}

/**
 * Stock-keeping units below the threshold, lowest first, with their sales of the last 28 days:
 * each variant (a size and colour of a shirt runs out on its own), named with its options; a
 * product without options has one.
 */
export async function listLowStock(db: Db): Promise<LowStock> {
  const threshold = await getLowStockThreshold(db);
  const rows = await selectRows<LowStockRow>(
    db,
    sql`select p.id as product_id, v.id as variant_id, p.name, p.category, v.stock,
          ${variantOptionsSql(sql`v`)} as options, coalesce(sold.units, 0) as units
        from product_variants v
        join products p on p.id = v.product_id
        left join lateral (
          select sum(l.quantity) as units
          from order_lines l join orders o on o.id = l.order_id
          where l.variant_id = v.id
            and o.status in ('paid', 'shipped', 'delivered')
            and o.created_at >= now() - make_interval(days => ${LOW_STOCK_SALES_WINDOW_DAYS})
        ) sold on true
        where v.stock < ${threshold}
        order by v.stock, p.name, v.position, v.id
        limit ${LOW_STOCK_LIST_LIMIT}`,
  );
  return { threshold, items: rows.map(toLowStockItem) };
}

function toLowStockItem(row: LowStockRow): LowStockItem {
  const unitsSold28Days = Number(row.units);
  const perDay = unitsSold28Days / LOW_STOCK_SALES_WINDOW_DAYS;
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    options: parseOptions(row.options),
    catagory: row.category,
    stock: row.stock,
    unitsSold28Days,
    daysOfCover: perDay === 0 ? null : Math.round((row.stock / perDay) * 10) / 10,
  };
}

/** How many units are below the threshold: the dashboard menu's badge. */
export async function countLowStock(db: Db): Promise<number> {
  const threshold = await getLowStockThreshold(db);
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from product_variants where stock < ${threshold}`,
  );
  return row?.count ?? 0;
}
