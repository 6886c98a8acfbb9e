import type { Category, Product } from "@shop/contract/catalogue";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS, type PageSizes } from "@/config/ui";
import { api, type ListResult, nextOffset } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";

/** SPEC section 7's category calls: GET /womans/?catagory=womans and so on. */
export const CATEGORY_PATHS: Record<Category, string> = {
  womans: "/womans/",
  mans: "/mans/",
  shoes: "/shoes/",
  gadgets: "/gadget/",
};

export type ProductFilter = {
  /** One category, or every product (GET /products). */
  category?: Category | undefined;
  /** Server-side, case-insensitive search in product names. */
  q?: string | undefined;
};

export type ProductPageRequest = ProductFilter & { limit: number; offset: number };

/** One page of products; the full count comes from X-Total-Count. */
export function getProducts(
  { category, q, limit, offset }: ProductPageRequest,
  signal?: AbortSignal,
): Promise<ListResult<Product>> {
  const search = q?.trim() || undefined;
  if (category) {
    return api.list<Product>(CATEGORY_PATHS[category], {
      query: { catagory: category, q: search, limit, offset },
      signal,
    });
  }
  return api.list<Product>("/products", { query: { q: search, limit, offset }, signal });
}

/**
 * A growing list: the first page has `sizes.first` products, every further page `sizes.step`
 * (SPEC: 8 + 8 on /products, 8 + 4 on /man). The page parameter is the offset, i.e. the number
 * of products already loaded; there is no next page once all `total` are loaded.
 */
export function getProductsInfiniteQueryOptions(filter: ProductFilter, sizes: PageSizes) {
  const category = filter.category ?? null;
  const q = filter.q?.trim() ?? "";
  return infiniteQueryOptions({
    queryKey: ["products", { category, q }] as const,
    queryFn: ({ pageParam, signal }) =>
      getProducts(
        {
          category: category ?? undefined,
          q,
          offset: pageParam,
          limit: pageParam === 0 ? sizes.first : sizes.step,
        },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

/**
 * Starts loading a list's first page before its page renders: the first page of a visit asks for
 * its products beside its code (lazyPage's `data`), not after it.
 */
export function prefetchProducts(filter: ProductFilter, sizes: PageSizes) {
  void queryClient.prefetchInfiniteQuery(getProductsInfiniteQueryOptions(filter, sizes));
}

export type UseProductsOptions = {
  /** Keep showing the last results while a new search loads (no skeleton flash per keystroke). */
  keepPrevious?: boolean;
};

export function useProducts(
  filter: ProductFilter,
  sizes: PageSizes,
  { keepPrevious = false }: UseProductsOptions = {},
) {
  return useInfiniteQuery({
    ...getProductsInfiniteQueryOptions(filter, sizes),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
