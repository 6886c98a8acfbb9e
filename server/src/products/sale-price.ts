import { and, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";
import { products, productVariants } from "../db/schema";

/**
 * The price that applies, decided in one place (decision 032): lists, the product page, the bag,
 * checkout, orders and mails all ask `priceAt`. A product's sale runs over one window (either end
 * open); each variant has its own sale price, below its regular price.
 */
export interface SaleWindow {
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
}

export interface AppliedPrice {
  /** What is charged now. */
  priceCents: number;
  /** The regular ("was") price while a sale applies; null otherwise. */
  compareAtCents: number | null;
  /** The saving in whole percent ("−30 %"); 0 without a sale. */
  savingPercent: number;
}

/** Whether the window holds `now`: from its start (inclusive) until its end (exclusive). */
export const saleRunsAt = (window: SaleWindow, now: number) =>
  (window.saleStartsAt === null || window.saleStartsAt.getTime() <= now) &&
  (window.saleEndsAt === null || now < window.saleEndsAt.getTime());

/** The saving of `saleCents` on `regularCents` in whole percent, as the database derives it (0013). */
export const savingPercentOf = (regularCents: number, saleCents: number) =>
  Math.round(((regularCents - saleCents) * 100) / regularCents);

/** The price of one variant (or a product's "From" price) at `now`. */
export function priceAt(
  regularCents: number,
  saleCents: number | null,
  window: SaleWindow,
  now: number,
): AppliedPrice {
  if (saleCents === null || saleCents >= regularCents || !saleRunsAt(window, now)) {
    return { priceCents: regularCents, compareAtCents: null, savingPercent: 0 };
  }
  return {
    priceCents: saleCents,
    compareAtCents: regularCents,
    savingPercent: savingPercentOf(regularCents, saleCents),
  };
}

/** The columns of a products row that decide its shown price. */
export interface ProductPriceColumns extends SaleWindow {
  priceCents: number;
  salePriceCents: number | null;
  saleCompareAtCents: number | null;
  saleSavingPercent: number;
}

/**
 * A product's "From" price at `now`, for cards and lists: the lowest variant price, a sale
 * counted while it runs. The saving is the largest of any variant's ("up to −30 %").
 */
export function productPriceAt(row: ProductPriceColumns, now: number): AppliedPrice {
  if (row.salePriceCents === null || !saleRunsAt(row, now)) {
    return { priceCents: row.priceCents, compareAtCents: null, savingPercent: 0 };
  }
  const compareAt = row.saleCompareAtCents ?? row.priceCents;
  return {
    priceCents: row.salePriceCents,
    compareAtCents: compareAt > row.salePriceCents ? compareAt : null,
    savingPercent: row.saleSavingPercent,
  };
}

/** productPriceAt's test as SQL over the products table, for the lists the database answers (no index yet). */
function salePriceAppliesSql(now: Date): SQL {
  return and(
    isNotNull(products.salePriceCents),
    or(isNull(products.saleStartsAt), lte(products.saleStartsAt, now)),
    or(isNull(products.saleEndsAt), gt(products.saleEndsAt, now)),
  )!;
}

/** "On sale" (the filter and its count) as SQL: a sale runs and saves at least 1 %. */
export const saleRunsSql = (now: Date): SQL =>
  and(gt(products.saleSavingPercent, 0), salePriceAppliesSql(now))!;

/** productPriceAt's price as SQL. */
export const productPriceSql = (now: Date): SQL =>
  sql`(case when ${salePriceAppliesSql(now)} then ${products.salePriceCents} else ${products.priceCents} end)`;

/** productPriceAt's saving as SQL. */
export const productSavingSql = (now: Date): SQL =>
  sql`(case when ${salePriceAppliesSql(now)} then ${products.saleSavingPercent} else 0 end)`;

/**
 * The next moment after `now` a sale starts or ends, or a scheduled product goes on sale
 * (decision 046), anywhere in the catalogue, or undefined: catalogue answers computed now hold
 * until then (see SaleBoundaries).
 */
export async function nextSaleBoundary(db: Db, now: number): Promise<number | undefined> {
  const at = new Date(now);
  // Two scans, each on its own partial index (products_on_sale_idx, products_publish_at_idx):
  // one OR over both would read every product.
  const [row] = await selectRows<{
    starts: Date | string | null;
    ends: Date | string | null;
    publishes: Date | string | null;
  }>(
    db,
    sql`select
      (select min(${products.saleStartsAt}) from ${products}
        where ${products.salePriceCents} is not null and ${products.saleStartsAt} > ${at}) as starts,
      (select min(${products.saleEndsAt}) from ${products}
        where ${products.salePriceCents} is not null and ${products.saleEndsAt} > ${at}) as ends,
      (select min(${products.publishAt}) from ${products}
        where ${products.publishAt} is not null and ${products.publishAt} > ${at} and ${products.status} = 'active') as publishes`,
  );
  const times = [row?.starts, row?.ends, row?.publishes]
    .filter((time): time is Date | string => time !== null && time !== undefined)
    .map((time) => new Date(time).getTime());
  return times.length ? Math.min(...times) : undefined;
}

/** The earliest boundary after `now` among these rows (the index stamps its snapshot with it). */
export function nextBoundaryOf(rows: Iterable<ProductPriceColumns>, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (row.salePriceCents === null) continue;
    const starts = row.saleStartsAt?.getTime();
    const ends = row.saleEndsAt?.getTime();
    if (starts !== undefined && starts > now && starts < next) next = starts;
    if (ends !== undefined && ends > now && ends < next) next = ends;
  }
  return next;
}

/**
 * priceAt's price of one variant as SQL (`variant` and `product` are the aliases of its
 * product_variants and products rows; `now` a timestamptz): the cart stores the price a shopper
 * saw in the statement that adds the line. sale-price.test.ts checks both agree at the boundaries.
 */
export const variantPriceSql = (variant: SQL, product: SQL, now: SQL): SQL => sql`(case
  when ${variant}.sale_price_cents is not null and ${variant}.sale_price_cents < ${variant}.price_cents
    and (${product}.sale_starts_at is null or ${product}.sale_starts_at <= ${now})
    and (${product}.sale_ends_at is null or ${product}.sale_ends_at > ${now})
  then ${variant}.sale_price_cents else ${variant}.price_cents end)`;

/**
 * What `priceAt` needs of a variant and its product, as select columns: a query that prices cart
 * lines (the bag's quote, checkout) selects these beside its own.
 */
export const variantPriceColumns = {
  regularCents: productVariants.priceCents,
  saleCents: productVariants.salePriceCents,
  saleStartsAt: products.saleStartsAt,
  saleEndsAt: products.saleEndsAt,
};
