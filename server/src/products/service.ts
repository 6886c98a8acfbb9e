import type { Category, ListQuery, Product } from "@shop/contract/catalog";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";

type ProductRow = typeof products.$inferSelect;

export const centsToPrice = (cents: number) => cents / 100;

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    productname: row.name,
    price: centsToPrice(row.priceCents),
    catagory: row.category,
    description: row.description,
    image: row.image,
    stock: row.stock,
  };
}

/** `%`, `_` and `\` are LIKE wildcards; the shopper's text must match literally. */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface ProductFilter extends ListQuery {
  category?: Category | undefined;
}

export async function listProducts(db: Db, filter: ProductFilter) {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.q) conditions.push(ilike(products.name, `%${escapeLikePattern(filter.q)}%`));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { items: rows.map(toProduct), total: totals[0]?.total ?? 0 };
}

export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row && toProduct(row);
}
