import type { LowStock } from "@shop/contract/desk";
import type { WaitingForStock } from "@shop/contract/marketing";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export const stockQueryKeys = {
  all: ["low-stock"] as const,
  list: ["low-stock", "list"] as const,
  count: ["low-stock", "count"] as const,
};

/** GET /api/admin/low-stock: products below the threshold, lowest first. */
export const lowStockQueryOptions = () =>
  queryOptions({
    queryKey: stockQueryKeys.list,
    queryFn: ({ signal }) => api.get<LowStock>("/admin/low-stock", { signal }),
  });

export const useLowStock = () => useQuery(lowStockQueryOptions());

/** GET /api/admin/low-stock/count: the menu badge (no schema: it must stay tiny on every dashboard page). */
export const useLowStockCount = () =>
  useQuery({
    queryKey: stockQueryKeys.count,
    queryFn: ({ signal }) => api.get<{ count: number }>("/admin/low-stock/count", { signal }),
    staleTime: 60_000,
  });

/** PUT /api/admin/settings/low-stock. */
export function useSetLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) =>
      api.put<{ threshold: number }>("/admin/settings/low-stock", { threshold }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockQueryKeys.all }),
  });
}

/** GET /api/admin/stock-alerts: how many shoppers wait for each sold-out variant ("Notify me"). */
export const useWaitingForStock = () =>
  useQuery({
    queryKey: [...stockQueryKeys.all, "waiting"],
    queryFn: ({ signal }) => api.get<WaitingForStock>("/admin/stock-alerts", { signal }),
  });
