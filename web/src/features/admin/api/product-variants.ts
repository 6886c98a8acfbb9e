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

/**
 * PUT /admin/products/{id}/{part}: one part of the product, whole. The answer is the product as
 * saved; the lists and carts that show it are read again.
 */
function useSaveProductPart<Body>(productId: string, part: "variants" | "images") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      api.put<ProductDetail>(`/admin/products/${encodeURIComponent(productId)}/${part}`, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(detailKey(saved._id), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.products }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
        queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
      ]);
    },
    onError: () => undefined,
  });
}

/** PUT /admin/products/{id}/variants: the whole set of options and variants. */
export const useSaveVariants = (productId: string) =>
  useSaveProductPart<ProductVariantsInput>(productId, "variants");

/** PUT /admin/products/{id}/images: the gallery in order, the first one the main image. */
export const useSaveImages = (productId: string) =>
  useSaveProductPart<ProductImagesInput>(productId, "images");
