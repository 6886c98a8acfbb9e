import { centsToDollars } from "@shop/contract/money";
import type { Product, ProductFacets, ProductSort } from "@shop/contract/catalogue";
import type { ProductDetail } from "@shop/contract/variants";
import { and, asc, count, desc, eq, gte, gt, ilike, lt, sql, type SQL } from "drizzle-orm";
import { preparedPerDatabase, type Db } from "../db/client";
import { orderLines, orders, productImages, productOptions, products, productVariants } from "../db/schema";
import { SOLD_STATUSES } from "../orders/sold-statuses";
import { averageOf } from "../reviews/product-reviews";
import {
  priceAt,
  productPriceAt,
  productPriceSql,
  productSavingSql,
  saleRunsSql,
  type AppliedPrice,
} from "./sale-price";
import type { CatalogueIndex, IndexPage } from "./catalogue-index";
import { shownToShoppers, shownToShoppersSql } from "./visibility";
import {
  categoryIndexOf,
  CELL_COUNT,
  cellOf,
  dependsOnSales,
  facetsOf,
  filtersVariants,
  priceRangesCents,
  type CatalogueQuery,
} from "./filters";
import {
  hasMatchingVariantSql,
  loadVariantFacts,
  optionValueCountsSql,
  variantMatchStateSql,
} from "./variant-filters";

export type ProductRow = typeof products.$inferSelect;

export const centsToPrice = centsToDollars;

/** An applied price (sale-price.ts) in the wire's dollars. */
export const appliedPriceView = (applied: AppliedPrice) => ({
  price: centsToPrice(applied.priceCents),
  compareAtPrice: applied.compareAtCents === null ? null : centsToPrice(applied.compareAtCents),
  savingPercent: applied.savingPercent,
});

/** A product as the API shows it at `now`: a running sale's price, the "was" price and the saving. */
export function toProduct(row: ProductRow, now: number = Date.now()): Product {
  const applied = productPriceAt(row, now);
  return {
    _id: row.id,
    productname: row.name,
    ...appliedPriceView(applied),
    priceMax: centsToPrice(Math.max(row.maxPriceCents, row.priceCents)),
    saleEndsAt: applied.savingPercent > 0 && row.saleEndsAt ? row.saleEndsAt.toISOString() : null,
    variantCount: row.variantCount,
    catagory: row.category,
    description: row.description,
    image: row.image,
    stock: row.stock,
    ratingCount: row.ratingCount,
    ratingAverage: averageOf(row.ratingSum, row.ratingCount),
  };
}

/** `%`, `_` and `\` are LIKE wildcards; the shopper's text must match literally. */
export const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export type ProductFilter = CatalogueQuery;

/** Units sold of the row's product (orders that count as sold), for the best-selling order. */
const unitsSold = sql`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines}
  join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.productId} = ${products.id}
  and ${orders.status} in (${sql.join(
    SOLD_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}))`;
const averageRating = sql`(case when ${products.ratingCount} = 0 then 0
  else ${products.ratingSum}::float8 / ${products.ratingCount} end)`;

/** Each order as SQL; the index sorts the same way (catalogue-index.ts, RANK_OF). */
const ORDER_BY: Record<ProductSort, (now: Date) => SQL[]> = {
  newest: () => [],
  "price-asc": (now) => [sql`${productPriceSql(now)} asc`],
  "price-desc": (now) => [sql`${productPriceSql(now)} desc`],
  "best-selling": () => [sql`${unitsSold} desc`],
  rating: () => [sql`${averageRating} desc`, desc(products.ratingCount)],
  saving: (now) => [sql`${productSavingSql(now)} desc`],
};

const nowOf = (filter: Pick<CatalogueQuery, "now">) => new Date(filter.now ?? Date.now());

const qCondition = (filter: CatalogueQuery) =>
  filter.q ? ilike(products.name, `%${escapeLikePattern(filter.q)}%`) : undefined;

/** A collection's products (decision 048): bound as one array parameter however many. */
const onlyProductsCondition = (filter: CatalogueQuery) =>
  filter.productIds === undefined
    ? undefined
    : sql`${products.id} = any(${sql.param([...filter.productIds])}::uuid[])`;

function conditionsOf(filter: CatalogueQuery): SQL[] {
  const now = nowOf(filter);
  const conditions: SQL[] = [shownToShoppersSql(now)];
  const q = qCondition(filter);
  if (q) conditions.push(q);
  const only = onlyProductsCondition(filter);
  if (only) conditions.push(only);
  if (filter.category) conditions.push(eq(products.category, filter.category));
  if (filter.minPriceCents !== undefined) conditions.push(gte(productPriceSql(now), filter.minPriceCents));
  if (filter.maxPriceCents !== undefined) conditions.push(lt(productPriceSql(now), filter.maxPriceCents));
  if (filter.onSale) conditions.push(saleRunsSql(now));
  // Size, colour and stock hold for one variant together; stock alone is the product's total.
  if (filtersVariants(filter)) conditions.push(hasMatchingVariantSql(filter));
  else if (filter.inStock) conditions.push(gt(products.stock, 0));
  return conditions;
}

/** How long a search waits for the catalogue index after a change before the database answers. */
export const SEARCH_WAITS_FOR_INDEX_MS = 500;

export async function listProducts(db: Db, filter: ProductFilter, index?: CatalogueIndex) {
  // The index holds every live product; a list of given products is the database's to answer.
  if (index?.isReady && filter.productIds === undefined) {
    if (dependsOnSales(filter)) await refreshStale(db, index, { variants: filtersVariants(filter) });
    const fromIndex = index.query(filter);
    if (fromIndex) return { items: await withFreshStock(db, index, fromIndex), total: fromIndex.total };
  } else if (index && !index.isReady) {
    // Starts the build (the index answers once it is ready).
    index.query(filter);
  }

  const conditions = conditionsOf(filter);
  const where = conditions.length ? and(...conditions) : undefined;

  // The total rides along as a window column: one scan of the matches instead of two.
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...ORDER_BY[filter.sort ?? "newest"](nowOf(filter)), desc(products.createdAt), asc(products.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total = rows[0]?.total ?? (filter.offset > 0 ? await countProducts(db, where) : 0);
  const now = nowOf(filter).getTime();
  return { items: rows.map((row) => toProduct(row.product, now)), total };
}

/** How many products each filter value would leave (see facetsOf). */
export async function productFacets(
  db: Db,
  filter: CatalogueQuery,
  index?: CatalogueIndex,
): Promise<ProductFacets> {
  if (index?.isReady && filter.productIds === undefined) {
    await refreshStale(db, index, { variants: true });
    const fromIndex = index.facets(filter);
    if (fromIndex) return facetsOf(fromIndex.cells, fromIndex.optionValues, filter);
  } else if (index && !index.isReady) {
    index.facets(filter);
  }
  const now = nowOf(filter);
  const price = productPriceSql(now);
  const priceRange = sql.join(
    [
      sql`case`,
      ...priceRangesCents().map(
        (range, rangeIndex) =>
          sql`when ${range.max === null ? sql`true` : sql`${price} < ${range.max}`} then ${rangeIndex}::int`,
      ),
      sql`end`,
    ],
    sql` `,
  );
  const inPrice = sql.join(
    [
      sql`true`,
      ...(filter.minPriceCents === undefined ? [] : [sql`${price} >= ${filter.minPriceCents}`]),
      ...(filter.maxPriceCents === undefined ? [] : [sql`${price} < ${filter.maxPriceCents}`]),
    ],
    sql` and `,
  );
  const variantMatch = filtersVariants(filter)
    ? variantMatchStateSql(filter)
    : sql`(case when ${products.stock} > 0 then 2 else 1 end)`;
  const q = and(qCondition(filter), onlyProductsCondition(filter));
  const groups = await db
    .select({
      category: products.category,
      priceRange: sql<number>`${priceRange}`.mapWith(Number),
      onSale: sql<boolean>`(${saleRunsSql(now)})`,
      inPrice: sql<boolean>`(${inPrice})`,
      variantMatch: sql<number>`${variantMatch}`.mapWith(Number),
      count: count(),
    })
    .from(products)
    .where(and(shownToShoppersSql(now), q))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`, sql`5`);
  const cells = new Int32Array(CELL_COUNT);
  for (const group of groups) {
    const cell = cellOf(
      categoryIndexOf(group.category),
      group.priceRange,
      group.onSale,
      group.inPrice,
      group.variantMatch,
    );
    cells[cell]! += group.count;
  }
  const scope = and(
    shownToShoppersSql(now),
    q,
    filter.category ? eq(products.category, filter.category) : undefined,
  );
  // On sale, like the price, decides what counts, not which values are listed.
  const counted = filter.onSale ? sql`(${inPrice} and ${saleRunsSql(now)})` : inPrice;
  const optionValues = await optionValueCountsSql(db, filter, scope, counted);
  return facetsOf(cells, optionValues, filter);
}

/**
 * Loads the products whose stock or rating changed since the index read them, and their
 * variants' stock too when size and colour filters read it.
 */
async function refreshStale(db: Db, index: CatalogueIndex, options: { variants: boolean }) {
  const staleIds = index.staleIds;
  if (staleIds.length > 0) {
    const loadedAfter = index.stockChanges;
    index.refresh(await findProductRows(db, staleIds), loadedAfter);
  }
  const staleVariantIds = options.variants ? index.staleVariantIds : [];
  if (staleVariantIds.length > 0) {
    const loadedAfter = index.stockChanges;
    index.refreshVariants(
      staleVariantIds,
      await loadVariantFacts(db, { productIds: staleVariantIds }),
      loadedAfter,
    );
  }
}

/** The index's page, with the products whose stock changed since it read them loaded afresh. */
async function withFreshStock(db: Db, index: CatalogueIndex, page: IndexPage): Promise<Product[]> {
  const staleIds = page.ids.filter((_, position) => !page.products[position]);
  if (staleIds.length === 0) return page.products as Product[];
  const loadedAfter = index.stockChanges;
  const rows = await findProductRows(db, staleIds);
  index.refresh(rows, loadedAfter);
  const loadedById = new Map(rows.map((row) => [row.id, toProduct(row, index.pricedAt)]));
  // One that has just gone is left out.
  return page.ids.flatMap((id, position) => {
    const product = page.products[position] ?? loadedById.get(id);
    return product ? [product] : [];
  });
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

/** The rows of the products with these ids, in no particular order (gone ones are absent). */
async function findProductRows(db: Db, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productsByIdsQuery(db).execute({ ids: [...ids] });
}

/**
 * One product with its options, variants (in option order) and gallery, priced at `now`.
 * `for: "shoppers"` finds only a product they see (decision 046); the owner's editor and preview
 * find any.
 */
export async function findProductDetail(
  db: Db,
  id: string,
  now = Date.now(),
  audience: { for: "shoppers" | "owner" } = { for: "owner" },
): Promise<ProductDetail | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return undefined;
  if (audience.for === "shoppers" && !shownToShoppers(row, now)) return undefined;
  const product = toProduct(row, now);
  // One after another: inside an admin's transaction these share one connection.
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, id))
    .orderBy(productOptions.position);
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.position, productVariants.createdAt, productVariants.id);
  const images = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(productImages.position, productImages.id);
  const shared = [product.image, ...images.filter((image) => image.optionValue === null).map((i) => i.url)];
  return {
    ...product,
    status: row.status,
    publishAt: row.publishAt?.toISOString() ?? null,
    saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
    // The owner's editor shows the window whether or not it runs now.
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    options: options.map((option) => ({ name: option.name, values: option.values })),
    variants: variants.map((variant) => {
      const own = images
        .filter((image) => image.optionValue !== null && variant.optionValues.includes(image.optionValue))
        .map((image) => image.url);
      return {
        _id: variant.id,
        options: Object.fromEntries(
          options.map((option) => [option.name, variant.optionValues[option.position] ?? ""]),
        ),
        ...appliedPriceView(priceAt(variant.priceCents, variant.salePriceCents, row, now)),
        salePrice: variant.salePriceCents === null ? null : centsToPrice(variant.salePriceCents),
        stock: variant.stock,
        // A colour's own pictures replace the main image, which shows another colour.
        images: own.length ? [...own, ...shared.slice(1)] : shared,
      };
    }),
    images: [
      { url: product.image, optionValue: null },
      ...images
        .filter((image) => image.url !== product.image)
        .map((image) => ({ url: image.url, optionValue: image.optionValue })),
    ],
  };
}
