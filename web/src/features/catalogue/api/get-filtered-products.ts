import type { Category, Product, ProductFacets } from "@shop/contract/catalogue";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS, type PageSizes } from "@/config/ui";
import { CATEGORY_PATHS } from "@/features/catalogue/api/get-products";
import { apiFilterQuery, type ListFilters } from "@/features/catalogue/utils/list-filters";
import { api } from "@/lib/api-client";

export type FilteredListRequest = {
  /** A category page's own category, else the filter's (or none: every product). */
  category: Category | undefined;
  q: string;
  filters: ListFilters;
};

/**
 * A filtered, sorted list, growing page by page like getProductsInfiniteQueryOptions. With no
 * filter and the default order its key is that list's (the filters' undefined fields drop out of
 * the key's hash), so the first page the router prefetched is used.
 */
export function getFilteredProductsInfiniteQueryOptions(request: FilteredListRequest, sizes: PageSizes) {
  const category = request.category ?? null;
  const q = request.q.trim();
  const filterQuery = apiFilterQuery(request.filters);
  return infiniteQueryOptions({
    queryKey: ["products", { category, q, ...filterQuery }] as const,
    queryFn: ({ pageParam, signal }) => {
      const query = {
        ...(category ? { catagory: category } : {}),
        q: q || undefined,
        limit: pageParam === 0 ? sizes.first : sizes.step,
        offset: pageParam,
        ...filterQuery,
      };
      return api.list<Product>(category ? CATEGORY_PATHS[category] : "/products", { query, signal });
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export function useFilteredProducts(request: FilteredListRequest, sizes: PageSizes) {
  return useInfiniteQuery({
    ...getFilteredProductsInfiniteQueryOptions(request, sizes),
    // The last results stay (dimmed) while a new filter loads: no skeleton flash per click.
    placeholderData: keepPreviousData,
  });
}

/** How many products each filter value would leave (GET /products/facets). */
export function getProductFacets(request: FilteredListRequest, signal?: AbortSignal) {
  return api.get<ProductFacets>("/products/facets", {
    query: {
      catagory: request.category,
      q: request.q.trim() || undefined,
      ...apiFilterQuery(request.filters),
      // The order does not change counts: one answer serves every order.
      sort: undefined,
    },
    signal,
  });
}

export function useProductFacets(request: FilteredListRequest) {
  // The order does not change counts; the category is the request's (a page's or the filter's).
  const { minPrice, maxPrice, size, colour, inStock, onSale } = request.filters;
  return useQuery({
    queryKey: [
      "product-facets",
      {
        category: request.category ?? null,
        q: request.q.trim(),
        minPrice,
        maxPrice,
        size,
        colour,
        inStock,
        onSale,
      },
    ],
    queryFn: ({ signal }) => getProductFacets(request, signal),
    placeholderData: keepPreviousData,
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}
