import {
  CATEGORIES,
  PRICE_RANGES,
  type Category,
  type ProductFacets,
  type ProductSort,
} from "@shop/contract/catalogue";

/**
 * A product list as the server answers it: `q`, every filter (prices in cents), the order and
 * the page. Size and colour (product variants) join as two more fields, two more cell
 * dimensions below, and two more facets.
 */
export interface CatalogueQuery {
  q?: string | undefined;
  category?: Category | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  inStock?: boolean | undefined;
  sort?: ProductSort | undefined;
  limit: number;
  offset: number;
}

/** The wire's filters (dollars) as the server's (cents). */
export function catalogueQueryOf(query: {
  q?: string | undefined;
  category?: Category | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  sort?: ProductSort | undefined;
  limit: number;
  offset: number;
}): CatalogueQuery {
  const { minPrice, maxPrice, ...rest } = query;
  return {
    ...rest,
    minPriceCents: minPrice === undefined ? undefined : Math.round(minPrice * 100),
    maxPriceCents: maxPrice === undefined ? undefined : Math.round(maxPrice * 100),
  };
}

/** The price ranges in cents, as the index and SQL compare them. */
export const PRICE_RANGES_CENTS = PRICE_RANGES.map((range) => ({
  min: range.min === null ? null : range.min * 100,
  max: range.max === null ? null : range.max * 100,
}));

export function priceRangeIndexOf(priceCents: number) {
  const index = PRICE_RANGES_CENTS.findIndex(
    (range) =>
      (range.min === null || priceCents >= range.min) && (range.max === null || priceCents < range.max),
  );
  return index;
}

export const categoryIndexOf = (category: Category) => CATEGORIES.indexOf(category);

/** Whether the stock, rating or sales of products decide this answer (they change without an edit). */
export const dependsOnSales = (query: Pick<CatalogueQuery, "inStock" | "sort">) =>
  Boolean(query.inStock) || query.sort === "rating" || query.sort === "best-selling";

/**
 * Facet counts come from "cells": the products matching `q`, counted by every facet dimension
 * at once (category × price range × inside the requested price × in stock). 4 × 5 × 2 × 2 = 80
 * counters; the index fills them in one pass, SQL with one GROUP BY, and facetsOf turns them
 * into the answer the same way for both.
 */
export const PRICE_RANGES_COUNT = PRICE_RANGES.length;
export const CELL_COUNT = CATEGORIES.length * PRICE_RANGES_COUNT * 2 * 2;

/** The cell's index; the catalogue index computes the same inline (CatalogueIndex.facetCells). */
export const cellOf = (categoryIndex: number, priceRangeIndex: number, inPrice: boolean, inStock: boolean) =>
  ((categoryIndex * PRICE_RANGES_COUNT + priceRangeIndex) * 2 + (inPrice ? 1 : 0)) * 2 + (inStock ? 1 : 0);

export function facetsOf(cells: ArrayLike<number>, query: CatalogueQuery): ProductFacets {
  const categories = CATEGORIES.map((value) => ({ value, count: 0 }));
  const priceRanges = PRICE_RANGES.map((range) => ({ ...range, count: 0 }));
  let inStock = 0;
  let total = 0;
  const wantedCategory = query.category === undefined ? -1 : categoryIndexOf(query.category);
  for (let categoryIndex = 0; categoryIndex < CATEGORIES.length; categoryIndex += 1) {
    for (let rangeIndex = 0; rangeIndex < PRICE_RANGES.length; rangeIndex += 1) {
      for (const inPrice of [false, true]) {
        for (const stocked of [false, true]) {
          const count = cells[cellOf(categoryIndex, rangeIndex, inPrice, stocked)]!;
          if (count === 0) continue;
          const categoryOk = wantedCategory === -1 || wantedCategory === categoryIndex;
          const stockOk = !query.inStock || stocked;
          if (inPrice && stockOk) categories[categoryIndex]!.count += count;
          if (categoryOk && stockOk) priceRanges[rangeIndex]!.count += count;
          if (categoryOk && inPrice && stocked) inStock += count;
          if (categoryOk && inPrice && stockOk) total += count;
        }
      }
    }
  }
  return { total, categories, priceRanges, inStock };
}
