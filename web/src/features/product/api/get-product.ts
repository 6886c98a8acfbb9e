import type { Product } from "@shop/contract/catalogue";
import type { ProductDetail } from "@shop/contract/variants";
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { api } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";

/** GET /productdetail/{productId} (SPEC section 7), with its options, variants and gallery. */
export function getProduct(productId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/productdetail/${encodeURIComponent(productId)}`, { signal });
}

export function getProductQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ["products", { id: productId }] as const,
    queryFn: ({ signal }) => getProduct(productId, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

/**
 * Starts fetching the product of the product page at `location` (the owner's preview fetches its
 * own when the page asks): app/router.tsx calls it beside the page's code, so the product does
 * not wait for the sign-in check and the page's first render.
 */
export function prefetchProductAt({ pathname, search }: Pick<Location, "pathname" | "search">) {
  const productId = pathname.split("/")[2];
  if (!productId || new URLSearchParams(search).has("preview")) return;
  void queryClient.prefetchQuery(getProductQueryOptions(decodeURIComponent(productId)));
}

/** The products inside any cached product list (an array, a page, or the pages of a growing list). */
function productsIn(data: unknown): Product[] {
  if (typeof data !== "object" || data === null) return [];
  if (Array.isArray(data)) return data as Product[];
  if ("pages" in data && Array.isArray(data.pages)) return data.pages.flatMap(productsIn);
  if ("items" in data && Array.isArray(data.items)) return data.items as Product[];
  return [];
}

/** A product the shopper has just seen in a grid: shown at once while the page fetches it. */
export function findCachedProduct(queryClient: QueryClient, productId: string): Product | undefined {
  for (const [, data] of queryClient.getQueriesData({ queryKey: ["products"] })) {
    const product = productsIn(data).find((item) => item._id === productId);
    if (product) return product;
  }
  return undefined;
}

/**
 * GET /admin/products/{productId}: the product as shoppers will see it, whatever its status
 * (decision 046); for the owner's preview of a draft or a scheduled launch.
 */
function getProductPreview(productId: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/admin/products/${encodeURIComponent(productId)}`, { signal });
}

export function useProduct(productId: string, options: { preview?: boolean } = {}) {
  const queryClient = useQueryClient();
  const preview = options.preview === true;
  return useQuery<ProductDetail>({
    queryKey: preview ? ["products", { id: productId, preview }] : getProductQueryOptions(productId).queryKey,
    queryFn: ({ signal }) => (preview ? getProductPreview : getProduct)(productId, signal),
    staleTime: preview ? 0 : CATALOGUE_STALE_TIME_MS,
    // A list's product has no variants yet: the page shows it and waits for them (hasDetail).
    placeholderData: () =>
      preview ? undefined : (findCachedProduct(queryClient, productId) as ProductDetail | undefined),
  });
}
