import type { ADMIN_PRODUCT_STATUS_FILTERS, AdminProduct } from "@shop/contract/admin";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { adminQueryKeys, type ListParams } from "@/features/admin/api/query-keys";
import { api, type ListResult } from "@/lib/api-client";

/**
 * GET /api/admin/products: one page of every product whatever its status, newest first; `q`
 * searches product names, `status` narrows to drafts, scheduled, active or archived ones.
 */
export function getManageProducts(
  { q, limit, offset, status }: ListParams & { status?: ProductStatusFilter | undefined },
  signal?: AbortSignal,
): Promise<ListResult<AdminProduct>> {
  return api.list<AdminProduct>("/admin/products", {
    query: { q: q || undefined, status: status || undefined, limit, offset },
    signal,
  });
}

export type ProductStatusFilter = (typeof ADMIN_PRODUCT_STATUS_FILTERS)[number];

export function getManageProductsQueryOptions(
  params: ListParams & { status?: ProductStatusFilter | undefined },
) {
  return queryOptions({
    queryKey: adminQueryKeys.productList(params),
    queryFn: ({ signal }) => getManageProducts(params, signal),
  });
}

/** Keeps the last page on screen while the next one (or a new search) loads. */
export function useManageProducts(params: ListParams & { status?: ProductStatusFilter | undefined }) {
  return useQuery({ ...getManageProductsQueryOptions(params), placeholderData: keepPreviousData });
}
