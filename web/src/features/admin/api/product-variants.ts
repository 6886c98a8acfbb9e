import type { ProductDetail, ProductImagesInput, ProductVariantsInput } from "@shop/contract/variants";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { adminQueryKeys } from "@/features/admin/api/query-keys";
import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

const detailKey = (productId: string) => ["admin", "product-variants", productId] as const;

/** GET /admin/products/{id}: the product's options, variants and gallery as the server has them (a draft too). */
export function useProductVariants(productId: string) {
  return useQuery(
    queryOptions({
      queryKey: detailKey(productId),
      queryFn: ({ signal }) =>
        api.get<ProductDetail>(`/admin/products/${encodeURIComponent(productId)}`, { signal }),
    }),
  );
}

function useSaved() {
  const queryClient = useQueryClient();
  return async (saved: ProductDetail) => {
    queryClient.setQueryData(detailKey(saved._id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
      queryClient.invalidateQueries({ queryKey: ["products"] }),
      queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
    ]);
  };
}

/** PUT /admin/products/{id}/variants: the whole set of options and variants. */
export function useSaveVariants(productId: string) {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: ProductVariantsInput) =>
      api.put<ProductDetail>(`/admin/products/${encodeURIComponent(productId)}/variants`, body),
    onSuccess: saved,
    onError: () => undefined,
  });
}

/** PUT /admin/products/{id}/images: the gallery in order, the first one the main image. */
export function useSaveImages(productId: string) {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: ProductImagesInput) =>
      api.put<ProductDetail>(`/admin/products/${encodeURIComponent(productId)}/images`, body),
    onSuccess: saved,
    onError: () => undefined,
  });
}
