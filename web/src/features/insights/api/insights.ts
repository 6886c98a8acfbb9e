import type { InsightPeriod, Insights } from "@shop/contract/desk";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** GET /api/admin/insights?days=: the period's figures per day, totals, the previous period, top sellers. */
export const insightsQueryOptions = (days: InsightPeriod) =>
  queryOptions({
    queryKey: ["insights", { days }] as const,
    queryFn: ({ signal }) => api.get<Insights>("/admin/insights", { query: { days }, signal }),
  });

/** Keeps the last period on screen while another one loads. */
export const useInsights = (days: InsightPeriod) =>
  useQuery({ ...insightsQueryOptions(days), placeholderData: keepPreviousData });
