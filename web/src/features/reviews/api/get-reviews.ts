import type { Review } from "@shop/contract/catalogue";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { REVIEWS_PAGE_SIZES } from "@/features/reviews/config";
import { api, type ListResult, nextOffset } from "@/lib/api-client";

/** GET /reviews (SPEC section 7): one page of client testimonials, newest first. */
export function getReviews(
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<ListResult<Review>> {
  return api.list<Review>("/reviews", { query: { limit, offset }, signal });
}

/** Every review, a page at a time (the page parameter is the number already loaded). */
export function getReviewsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ["reviews", { all: true }] as const,
    queryFn: ({ pageParam, signal }) =>
      getReviews(
        { offset: pageParam, limit: pageParam === 0 ? REVIEWS_PAGE_SIZES.first : REVIEWS_PAGE_SIZES.step },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
}

export function useReviews() {
  return useInfiniteQuery(getReviewsInfiniteQueryOptions());
}
