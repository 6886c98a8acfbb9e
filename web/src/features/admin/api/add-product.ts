import { productSchema, type Product } from "@shop/contract/catalogue";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import type { ProductPayload } from "@/features/admin/utils/product-form";
import { api } from "@/lib/api-client";

/** POST /api/addproduct (SPEC section 7) with productname, price, catagory, description, image, stock. */
export function addProduct(payload: ProductPayload): Promise<Product> {
  return api.post("/addproduct", payload, { schema: productSchema });
}

/** Adds a product, then every product list in the shop refetches. The form shows failures. */
export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
    onError: () => undefined,
  });
}
