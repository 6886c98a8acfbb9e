import type { Category, Product, ProductFacets } from "@shop/contract/catalogue";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS, type PageSizes } from "@/config/ui";
import { CATEGORY_PATHS } from "@/features/catalogue/api/get-products";
import { apiFilterQuery, type ListFilters } from "@/features/catalogue/utils/list-filters";
import { api, nextOffset } from "@/lib/api-client";

export type FilteredListRequest = {
  /** A category page's own category, else the filter's (or none: every product). */
  category: Category | undefined;
  q: string;
  filters: ListFilters;
  /** A collection page's slug: its products, with the same filters (GET /collections/{slug}/products). */
  collection?: string | undefined;
};

/** Where a list's products and facet counts come from: a collection's, or the catalogue's. */
function listPaths({ category, collection }: FilteredListRequest) {
  if (collection) {
    const base = `/collections/${encodeURIComponent(collection)}/products`;
    return { products: base, facets: `${base}/facets` };
  }
  return { products: category ? CATEGORY_PATHS[category] : "/products", facets: "/products/facets" };
}

/**
 * A filtered, sorted list, growing page by page like getProductsInfiniteQueryOptions. With no
 * filter and the default order its key is that list's (the filters' undefined fields drop out of
 * the key's hash), so the first page the router prefetched is used.
 */
export function getFilteredProductsInfiniteQueryOptions(request: FilteredListRequest, sizes: PageSizes) {
  const category = request.category ?? null;
  const q = request.q.trim();
  const filterQuery = apiFilterQuery(request.filters);
  const collection = request.collection ?? undefined;
  return infiniteQueryOptions({
    queryKey: ["products", { category, q, collection, ...filterQuery }] as const,
    queryFn: ({ pageParam, signal }) => {
      const query = {
        ...(category ? { catagory: category } : {}),
        q: q || undefined,
        limit: pageParam === 0 ? sizes.first : sizes.step,
        offset: pageParam,
        ...filterQuery,
      };
      return api.list<Product>(listPaths(request).products, { query, signal });
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
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
  return api.get<ProductFacets>(listPaths(request).facets, {
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
        collection: request.collection,
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
