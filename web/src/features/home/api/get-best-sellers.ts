import type { Product } from "@shop/contract/catalogue";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { HOME_BEST_SELLERS_COUNT } from "@/features/home/config";
import { api } from "@/lib/api-client";

/**
 * The home page's best sellers (at most 8): GET /products/best-sellers ranks products by units
 * sold in paid orders and fills up with the newest, so before any sale it is SPEC's "first 8
 * products".
 */
export function getBestSellers(signal?: AbortSignal): Promise<Product[]> {
  return api.get<Product[]>("/products/best-sellers", { query: { limit: HOME_BEST_SELLERS_COUNT }, signal });
}

export function getBestSellersQueryOptions() {
  return queryOptions({
    queryKey: ["products", { bestSellers: true, limit: HOME_BEST_SELLERS_COUNT }] as const,
    queryFn: ({ signal }) => getBestSellers(signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export function useBestSellers() {
  return useQuery(getBestSellersQueryOptions());
}
