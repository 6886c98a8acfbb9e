import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

/** DELETE /api/deleteproduct/{id} (SPEC section 7): the product leaves the catalogue and every cart. */
export function deleteProduct(productId: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(`/deleteproduct/${encodeURIComponent(productId)}`);
}

/**
 * Deletes a product, forgets its cached page, and refetches every product list and cart (the
 * product's cart lines went with it). Failures show as a toast (query client).
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, productId) => {
      queryClient.removeQueries({ queryKey: adminQueryKeys.product(productId), exact: true });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
        queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
      ]),
  });
}
