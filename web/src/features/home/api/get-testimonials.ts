import type { Review } from "@shop/contract/catalogue";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { HOME_TESTIMONIALS_COUNT } from "@/features/home/config";
import { api, type ListResult } from "@/lib/api-client";

/** SPEC: the home page shows the first 3 reviews of GET /reviews. */
export function getTestimonials(signal?: AbortSignal): Promise<ListResult<Review>> {
  return api.list<Review>("/reviews", { query: { limit: HOME_TESTIMONIALS_COUNT, offset: 0 }, signal });
}

export function getTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: ["reviews", { limit: HOME_TESTIMONIALS_COUNT }] as const,
    queryFn: ({ signal }) => getTestimonials(signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export function useTestimonials() {
  return useQuery(getTestimonialsQueryOptions());
}
