import type { Category, ListQuery, Product } from "@shop/contract/catalog";
import { and, asc, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { preparedPerDatabase, type Db } from "../db/client";
import { products } from "../db/schema";
import type { CatalogueIndex } from "./catalogue-index";

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

export async function listProducts(db: Db, filter: ProductFilter, index?: CatalogueIndex) {
  const fromIndex = index?.search(filter.q ?? "", filter);
  if (fromIndex) return { items: await findProducts(db, fromIndex.ids), total: fromIndex.total };

  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.q) conditions.push(ilike(products.name, `%${escapeLikePattern(filter.q)}%`));
  const where = conditions.length ? and(...conditions) : undefined;

  // The total rides along as a window column: one scan of the matches instead of two.
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countProducts(db, where) : 0);
  return { items: rows.map((row) => toProduct(row.product)), total };
}

/** For a page past the end, which has no rows to carry the total. */
async function countProducts(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ total: count() }).from(products).where(where);
  return row?.total ?? 0;
}

/** Every list and search answered by the catalogue index asks this: parsed and planned once. */
const productsByIdsQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("find_products_by_ids"),
);

/** The products with these ids, in the order given (one that has just gone is left out). */
async function findProducts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await productsByIdsQuery(db).execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProduct(row)] : [];
  });
}

export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row && toProduct(row);
}
