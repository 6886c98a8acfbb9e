import type { BulkEditRequest, BulkPreview, BulkResult } from "@shop/contract/bulk-edit";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

/** POST /api/admin/products/bulk/preview: what the bulk edit would change (writes nothing). */
export function previewBulkEdit(request: BulkEditRequest): Promise<BulkPreview> {
  return api.post<BulkPreview>("/admin/products/bulk/preview", request);
}

/** POST /api/admin/products/bulk: the bulk edit, all or nothing. */
export function applyBulkEdit(request: BulkEditRequest): Promise<BulkResult> {
  return api.post<BulkResult>("/admin/products/bulk", request);
}

/** The preview; its failures are shown in the panel, not as a toast. */
export function useBulkPreview() {
  // An onError of its own: no toast (query-client.ts), the panel shows the message.
  return useMutation({ mutationFn: previewBulkEdit, onError: () => undefined });
}

/** Applies the edit, then refetches every product list and page, and carts (a delete empties lines). */
export function useBulkApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBulkEdit,
    onError: () => undefined,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
        queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
      ]),
  });
}
