import type { Product } from "@shop/contract/catalogue";
import type { Campaign, CampaignInput } from "@shop/contract/marketing";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

const keys = {
  all: ["campaigns"] as const,
  audience: ["campaigns", "audience"] as const,
  search: (q: string) => ["campaigns", "product-search", q] as const,
};

/** GET /api/admin/campaigns; looked at again while one is sending, for its progress. */
export const useCampaigns = () =>
  useQuery(
    queryOptions({
      queryKey: keys.all,
      queryFn: ({ signal }) => api.get<Campaign[]>("/admin/campaigns", { signal }),
      refetchInterval: (query) =>
        query.state.data?.some((campaign) => campaign.status === "sending" || campaign.progress.queued > 0)
          ? 2_000
          : false,
    }),
  );

export const useAudience = () =>
  useQuery({
    queryKey: keys.audience,
    queryFn: ({ signal }) =>
      api.get<{ confirmed: number; pending: number }>("/admin/newsletter/audience", { signal }),
  });

/** The catalogue's search, for the product blocks. */
export const useProductSearch = (q: string) =>
  useQuery({
    queryKey: keys.search(q),
    queryFn: ({ signal }) => api.get<Product[]>("/products", { query: { q, limit: 6 }, signal }),
    enabled: q.trim().length > 0,
  });

export function usePreviewCampaign() {
  return useMutation({
    mutationFn: (input: CampaignInput) =>
      api.post<{ subject: string; html: string }>("/admin/campaigns/preview", input),
  });
}

/** Saves the draft (new or changed). */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CampaignInput }) =>
      id ? api.put<Campaign>(`/admin/campaigns/${id}`, input) : api.post<Campaign>("/admin/campaigns", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "test" | "send" | "delete" }) =>
      action === "delete"
        ? api.delete(`/admin/campaigns/${id}`)
        : api.post<unknown>(`/admin/campaigns/${id}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
