import { adminProductSchema, type AdminProduct } from "@shop/contract/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";

/** GET /api/admin/products/{id}: the product to edit, as the server has it now, whatever its status. */
export function getProduct(productId: string, signal?: AbortSignal): Promise<AdminProduct> {
  return api.get(`/admin/products/${encodeURIComponent(productId)}`, { schema: adminProductSchema, signal });
}

export function getProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: adminQueryKeys.product(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
}

/** Always fetched afresh when the edit form opens: another admin may have changed it. */
export function useProductForEdit(productId: string) {
  return useQuery({ ...getProductQueryOptions(productId), staleTime: 0, refetchOnMount: "always" });
}
