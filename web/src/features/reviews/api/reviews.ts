import type { ModerationBody, ModerationKind, ProductReviewInput, ReviewSort } from "@shop/contract/reviews";
import {
  moderationItemSchema,
  myReviewsSchema,
  productReviewSchema,
  ratingSummarySchema,
} from "@shop/contract/reviews";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { MODERATION_PAGE_SIZE, PRODUCT_REVIEWS_PAGE_SIZE } from "@/features/reviews/config";
import { api } from "@/lib/api-client";

export const reviewQueryKeys = {
  product: (productId: string) => ["product-reviews", productId] as const,
  page: (productId: string, sort: ReviewSort, page: number) =>
    ["product-reviews", productId, { sort, page }] as const,
  rating: (productId: string) => ["product-reviews", productId, "rating"] as const,
  mine: ["my-reviews"] as const,
  moderation: ["moderation"] as const,
};

/** GET /products/{id}/reviews: one page, sorted. */
export function useProductReviews(productId: string, sort: ReviewSort, page: number) {
  return useQuery({
    queryKey: reviewQueryKeys.page(productId, sort, page),
    queryFn: ({ signal }) =>
      api.list(`/products/${encodeURIComponent(productId)}/reviews`, {
        query: { sort, limit: PRODUCT_REVIEWS_PAGE_SIZE, offset: (page - 1) * PRODUCT_REVIEWS_PAGE_SIZE },
        schema: productReviewSchema.array(),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /products/{id}/rating: average, count and the breakdown by stars. */
export function useRatingSummary(productId: string) {
  return useQuery({
    queryKey: reviewQueryKeys.rating(productId),
    queryFn: ({ signal }) =>
      api.get(`/products/${encodeURIComponent(productId)}/rating`, { schema: ratingSummarySchema, signal }),
  });
}

/** GET /my-reviews: what I wrote and what I may review. */
export function useMyReviews() {
  return useQuery({
    queryKey: reviewQueryKeys.mine,
    queryFn: ({ signal }) => api.get("/my-reviews", { schema: myReviewsSchema, signal }),
  });
}

/** After any review write: lists, ratings on cards and pages, and my reviews are out of date. */
function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["product-reviews"] }),
      queryClient.invalidateQueries({ queryKey: reviewQueryKeys.mine }),
      queryClient.invalidateQueries({ queryKey: ["products"] }),
      queryClient.invalidateQueries({ queryKey: ["reviews"] }),
      queryClient.invalidateQueries({ queryKey: reviewQueryKeys.moderation }),
    ]);
}

export type ReviewWrite =
  | { kind: "create"; productId: string; input: ProductReviewInput }
  | { kind: "update"; reviewId: string; input: ProductReviewInput };

export function useSaveProductReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (write: ReviewWrite) =>
      write.kind === "create"
        ? api.post(`/products/${encodeURIComponent(write.productId)}/reviews`, write.input, {
            schema: productReviewSchema,
          })
        : api.put(`/product-reviews/${encodeURIComponent(write.reviewId)}`, write.input, {
            schema: productReviewSchema,
          }),
    onSuccess: refresh,
  });
}

export function useDeleteProductReview() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (reviewId: string) => api.delete(`/product-reviews/${encodeURIComponent(reviewId)}`),
    onSuccess: refresh,
  });
}

export function useSaveTestimonial() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ id, review }: { id: string | null; review: string }) =>
      id ? api.put(`/reviews/${encodeURIComponent(id)}`, { review }) : api.post("/reviews", { review }),
    onSuccess: refresh,
  });
}

export function useDeleteTestimonial() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/reviews/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

export type ModerationFilter = { kind: ModerationKind; status: "all" | "visible" | "hidden"; page: number };

/** GET /admin/reviews: what admins moderate, newest first. */
export function useModerationList({ kind, status, page }: ModerationFilter) {
  return useQuery({
    queryKey: [...reviewQueryKeys.moderation, { kind, status, page }],
    queryFn: ({ signal }) =>
      api.list("/admin/reviews", {
        query: { kind, status, limit: MODERATION_PAGE_SIZE, offset: (page - 1) * MODERATION_PAGE_SIZE },
        schema: moderationItemSchema.array(),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useModerate() {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn: ({ kind, id, body }: { kind: ModerationKind; id: string; body: ModerationBody }) =>
      api.patch(`/admin/reviews/${kind}/${encodeURIComponent(id)}`, body),
    onSuccess: refresh,
  });
}
