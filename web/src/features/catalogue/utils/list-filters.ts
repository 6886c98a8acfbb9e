import type { Category, ProductSort } from "@shop/contract/catalogue";
import { CATEGORIES, PRICE_RANGES, PRODUCT_SORTS } from "@shop/contract/catalogue-constants";

/**
 * The filters and order of a product list, as the address keeps them (`?sort=price-asc&
 * maxPrice=80&size=42&colour=Black&inStock=1&onSale=1`), so back/forward and a shared link show the same
 * list. A value the server would refuse (a hand-edited link) is ignored, not sent.
 */
export type ListFilters = {
  sort: ProductSort;
  /** Only on /products; a category page's category is its route. */
  category: Category | undefined;
  /** Dollars; min inclusive, max exclusive (the server's rule). */
  minPrice: number | undefined;
  maxPrice: number | undefined;
  /** A size and a colour one variant has (in stock too, with inStock). */
  size: string | undefined;
  colour: string | undefined;
  inStock: boolean;
  /** Only products on a sale running now. */
  onSale: boolean;
};

export const FILTER_PARAMS = {
  sort: "sort",
  category: "category",
  minPrice: "minPrice",
  maxPrice: "maxPrice",
  size: "size",
  colour: "colour",
  inStock: "inStock",
  onSale: "onSale",
} as const;

export const DEFAULT_SORT: ProductSort = "newest";

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The server takes 1–40 characters, trimmed. */
function optionValueOf(text: string | null): string | undefined {
  const value = text?.trim();
  return value && value.length <= 40 ? value : undefined;
}

function priceOf(text: string | null): number | undefined {
  if (text === null || !/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  return Number(text);
}

export function readListFilters(params: URLSearchParams): ListFilters {
  const sort = params.get(FILTER_PARAMS.sort);
  const category = params.get(FILTER_PARAMS.category);
  let minPrice = priceOf(params.get(FILTER_PARAMS.minPrice));
  let maxPrice = priceOf(params.get(FILTER_PARAMS.maxPrice));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice >= maxPrice) {
    minPrice = undefined;
    maxPrice = undefined;
  }
  const inStock = params.get(FILTER_PARAMS.inStock);
  const onSale = params.get(FILTER_PARAMS.onSale);
  return {
    sort: isOneOf(PRODUCT_SORTS, sort) ? sort : DEFAULT_SORT,
    category: isOneOf(CATEGORIES, category) ? category : undefined,
    minPrice,
    maxPrice,
    size: optionValueOf(params.get(FILTER_PARAMS.size)),
    colour: optionValueOf(params.get(FILTER_PARAMS.colour)),
    inStock: inStock === "1" || inStock === "true",
    onSale: onSale === "1" || onSale === "true",
  };
}

/** The address's parameters with these filters (defaults left out, so plain lists keep plain URLs). */
export function writeListFilters(current: URLSearchParams, filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  };
  set(FILTER_PARAMS.sort, filters.sort === DEFAULT_SORT ? undefined : filters.sort);
  set(FILTER_PARAMS.category, filters.category);
  set(FILTER_PARAMS.minPrice, filters.minPrice?.toString());
  set(FILTER_PARAMS.maxPrice, filters.maxPrice?.toString());
  set(FILTER_PARAMS.size, filters.size);
  set(FILTER_PARAMS.colour, filters.colour);
  set(FILTER_PARAMS.inStock, filters.inStock ? "1" : undefined);
  set(FILTER_PARAMS.onSale, filters.onSale ? "1" : undefined);
  return params;
}

export const isDefaultList = (filters: ListFilters) =>
  filters.sort === DEFAULT_SORT &&
  filters.category === undefined &&
  filters.minPrice === undefined &&
  filters.maxPrice === undefined &&
  filters.size === undefined &&
  filters.colour === undefined &&
  !filters.inStock &&
  !filters.onSale;

export const activeFilterCount = (filters: ListFilters) =>
  (filters.category ? 1 : 0) +
  (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
  (filters.size !== undefined ? 1 : 0) +
  (filters.colour !== undefined ? 1 : 0) +
  (filters.inStock ? 1 : 0) +
  (filters.onSale ? 1 : 0);

/** The API's query parameters for these filters (the category travels apart, in the path). */
export const apiFilterQuery = (filters: ListFilters) => ({
  sort: filters.sort === DEFAULT_SORT ? undefined : filters.sort,
  minPrice: filters.minPrice,
  maxPrice: filters.maxPrice,
  size: filters.size,
  colour: filters.colour,
  inStock: filters.inStock ? true : undefined,
  onSale: filters.onSale ? true : undefined,
});

export const PRICE_RANGE_CHOICES = PRICE_RANGES;

export const isSelectedRange = (filters: ListFilters, range: { min: number | null; max: number | null }) =>
  (filters.minPrice ?? null) === range.min && (filters.maxPrice ?? null) === range.max;
