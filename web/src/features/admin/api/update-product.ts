import { productSchema, type Product } from "@shop/contract/catalogue";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import type { ProductPayload } from "@/features/admin/utils/product-form";
import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

export type UpdateProductVariables = { productId: string; payload: ProductPayload };

/** PUT /api/product/{id}: every field, with the same rules as adding. */
export function updateProduct({ productId, payload }: UpdateProductVariables): Promise<Product> {
  return api.put(`/product/${encodeURIComponent(productId)}`, payload, { schema: productSchema });
}

/**
 * Saves a product: the saved version goes straight into its cache entry, then every product list
 * in the shop refetches (cart lines read name and price from the catalogue, so carts too).
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminQueryKeys.product(saved._id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
        queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
      ]);
    },
    onError: () => undefined,
  });
}
