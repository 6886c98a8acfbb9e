import { compareSizes } from "@shop/contract/catalogue-constants";
import { shopCurrency } from "@shop/contract/currency";
import { dollarsToCents } from "@shop/contract/money";
import {
  CATEGORIES,
  checkPriceRange,
  listQuerySchema,
  PRICE_RANGE_MESSAGE,
  PRICE_RANGES,
  productFilterFields,
  type Category,
  type ProductFacets,
  type ProductSort,
} from "@shop/contract/catalogue";
import type { z } from "zod";

/**
 * A product list's query string (the products, a category's and a collection's lists): SPEC's
 * paging and `q`, the category (`catagory` on the wire), the filters and the order.
 */
export const productListQuery = (category: z.ZodType<Category | undefined>) =>
  listQuerySchema
    .extend({ catagory: category, ...productFilterFields })
    .refine(checkPriceRange, { message: PRICE_RANGE_MESSAGE, path: ["maxPrice"] });

export type ProductListQuery = z.infer<ReturnType<typeof productListQuery>>;

/**
 * A product list as the server answers it: `q`, every filter (prices in cents), the order and
 * the page. Size, colour and in-stock hold for one variant together (see productFilterFields).
 */
export interface CatalogueQuery {
  q?: string | undefined;
  category?: Category | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  size?: string | undefined;
  colour?: string | undefined;
  inStock?: boolean | undefined;
  /** Only products on a sale running at `now`. */
  onSale?: boolean | undefined;
  sort?: ProductSort | undefined;
  /**
   * Only these products (a collection's, decision 048); the database answers such a list, not
   * the catalogue index. Unset: every product.
   */
  productIds?: readonly string[] | undefined;
  limit: number;
  offset: number;
  /** The moment prices are shown for (sales start and end); Date.now() when unset. */
  now?: number | undefined;
}

/** The wire's filters (dollars) as the server's (cents). */
export function catalogueQueryOf(
  query: Omit<CatalogueQuery, "minPriceCents" | "maxPriceCents"> & {
    minPrice?: number | undefined;
    maxPrice?: number | undefined;
  },
): CatalogueQuery {
  const { minPrice, maxPrice, ...rest } = query;
  return {
    ...rest,
    minPriceCents: minPrice === undefined ? undefined : dollarsToCents(minPrice),
    maxPriceCents: maxPrice === undefined ? undefined : dollarsToCents(maxPrice),
  };
}

/** A product list's query string as the catalogue's query, its prices at `now`. */
export function catalogueQueryOfList({ catagory, ...query }: ProductListQuery, now: number): CatalogueQuery {
  return catalogueQueryOf({ ...query, category: catagory, now });
}

/**
 * The price ranges in minor units, as the index and SQL compare them. A function: the shop's
 * currency is set after this module loads (decision 040).
 */
let rangesCache: { factor: number; ranges: { min: number | null; max: number | null }[] } | undefined;
export const priceRangesCents = () => {
  const { factor } = shopCurrency();
  if (rangesCache?.factor !== factor) {
    const ranges = PRICE_RANGES.map((range) => ({
      min: range.min === null ? null : dollarsToCents(range.min),
      max: range.max === null ? null : dollarsToCents(range.max),
    }));
    rangesCache = { factor, ranges };
  }
  return rangesCache.ranges;
};

export function priceRangeIndexOf(priceCents: number) {
  const index = priceRangesCents().findIndex(
    (range) =>
      (range.min === null || priceCents >= range.min) && (range.max === null || priceCents < range.max),
  );
  return index;
}

export const categoryIndexOf = (category: Category) => CATEGORIES.indexOf(category);

/** Whether the stock, rating or sales of products decide this answer (they change without an edit). */
export const dependsOnSales = (query: Pick<CatalogueQuery, "q" | "inStock" | "sort">) =>
  Boolean(query.inStock) ||
  query.sort === "rating" ||
  query.sort === "best-selling" ||
  // Best match first breaks ties by stock and sales.
  (Boolean(query.q) && query.sort === undefined);

/** Whether the query filters by variant (size or colour): then stock is a matching variant's. */
export const filtersVariants = (query: Pick<CatalogueQuery, "size" | "colour">) =>
  query.size !== undefined || query.colour !== undefined;

/**
 * How a product stands to the size and colour filters: no variant has that size and colour, one
 * has but none of those is in stock, or one in stock has. Without those filters every product
 * is MATCHED or MATCHED_IN_STOCK (it has at least its default variant).
 */
export const VARIANT_MATCH = { none: 0, matched: 1, matchedInStock: 2 } as const;
export const VARIANT_MATCH_STATES = 3;

/**
 * Facet counts of category, price, sale and stock come from "cells": the products matching `q`,
 * counted by every such dimension at once (category × price range × on sale × inside the
 * requested price × variant match). 4 × 5 × 2 × 2 × 3 = 240 counters; the index fills them in
 * one pass, SQL with one GROUP BY, and facetsOf turns them into the answer the same way for
 * both. Sizes and colours are counted per value (OptionValueCounts), since a product has several.
 * "In price" sits just above the variant match: facet-blocks.ts moves a cell by that step.
 */
export const PRICE_RANGES_COUNT = PRICE_RANGES.length;
export const CELL_COUNT = CATEGORIES.length * PRICE_RANGES_COUNT * 2 * 2 * VARIANT_MATCH_STATES;

/** The cell's index; the catalogue index computes the same inline (CatalogueIndex.facetCells). */
export const cellOf = (
  categoryIndex: number,
  priceRangeIndex: number,
  onSale: boolean,
  inPrice: boolean,
  variantMatch: number,
) =>
  (((categoryIndex * PRICE_RANGES_COUNT + priceRangeIndex) * 2 + (onSale ? 1 : 0)) * 2 + (inPrice ? 1 : 0)) *
    VARIANT_MATCH_STATES +
  variantMatch;

/**
 * Size and colour facets: every value of the products matching `q` and the category (so a shoe
 * page lists shoe sizes only), with how many products choosing it would leave under the other
 * filters.
 */
export interface OptionValueCounts {
  sizes: Map<string, number>;
  colours: Map<string, number>;
}

const sortedCounts = (counts: Map<string, number>, compare: (a: string, b: string) => number) =>
  [...counts].sort(([a], [b]) => compare(a, b)).map(([value, count]) => ({ value, count }));

export function facetsOf(
  cells: ArrayLike<number>,
  optionValues: OptionValueCounts,
  query: CatalogueQuery,
): ProductFacets {
  const categories = CATEGORIES.map((value) => ({ value, count: 0 }));
  const priceRanges = PRICE_RANGES.map((range) => ({ ...range, count: 0 }));
  let inStock = 0;
  let onSale = 0;
  let total = 0;
  const wantedCategory = query.category === undefined ? -1 : categoryIndexOf(query.category);
  for (let categoryIndex = 0; categoryIndex < CATEGORIES.length; categoryIndex += 1) {
    for (let rangeIndex = 0; rangeIndex < PRICE_RANGES.length; rangeIndex += 1) {
      for (const sale of [false, true]) {
        for (const inPrice of [false, true]) {
          for (const match of [VARIANT_MATCH.matched, VARIANT_MATCH.matchedInStock]) {
            const count = cells[cellOf(categoryIndex, rangeIndex, sale, inPrice, match)]!;
            if (count === 0) continue;
            const stocked = match === VARIANT_MATCH.matchedInStock;
            const categoryOk = wantedCategory === -1 || wantedCategory === categoryIndex;
            const stockOk = !query.inStock || stocked;
            const saleOk = !query.onSale || sale;
            if (inPrice && stockOk && saleOk) categories[categoryIndex]!.count += count;
            if (categoryOk && stockOk && saleOk) priceRanges[rangeIndex]!.count += count;
            if (categoryOk && inPrice && stocked && saleOk) inStock += count;
            if (categoryOk && inPrice && stockOk && sale) onSale += count;
            if (categoryOk && inPrice && stockOk && saleOk) total += count;
          }
        }
      }
    }
  }
  return {
    total,
    categories,
    priceRanges,
    sizes: sortedCounts(optionValues.sizes, compareSizes),
    colours: sortedCounts(optionValues.colours, (a, b) => a.localeCompare(b)),
    inStock,
    onSale,
  };
}
