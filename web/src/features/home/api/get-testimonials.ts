import type { Review } from "@shop/contract/catalog";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { CATALOG_STALE_TIME_MS, HOME_TESTIMONIALS_COUNT } from "@/config/ui";
import { api, type ListResult } from "@/lib/api-client";

/** SPEC: the home page shows the first 3 reviews of GET /reviews. */
export function getTestimonials(signal?: AbortSignal): Promise<ListResult<Review>> {
  return api.list<Review>("/reviews", { query: { limit: HOME_TESTIMONIALS_COUNT, offset: 0 }, signal });
}

export function getTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: ["reviews", { limit: HOME_TESTIMONIALS_COUNT }] as const,
    queryFn: ({ signal }) => getTestimonials(signal),
    staleTime: CATALOG_STALE_TIME_MS,
  });
}

export function useTestimonials() {
  return useQuery(getTestimonialsQueryOptions());
}
