import type { Product } from "@shop/contract/catalogue";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { adminQueryKeys, type ListParams } from "@/features/admin/api/query-keys";
import { api, type ListResult } from "@/lib/api-client";

/** GET /api/products: one page of the catalogue, newest first; `q` searches product names. */
export function getManageProducts(
  { q, limit, offset }: ListParams,
  signal?: AbortSignal,
): Promise<ListResult<Product>> {
  return api.list<Product>("/products", { query: { q: q || undefined, limit, offset }, signal });
}

export function getManageProductsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: adminQueryKeys.productList(params),
    queryFn: ({ signal }) => getManageProducts(params, signal),
  });
}

/** Keeps the last page on screen while the next one (or a new search) loads. */
export function useManageProducts(params: ListParams) {
  return useQuery({ ...getManageProductsQueryOptions(params), placeholderData: keepPreviousData });
}
