import type { ReviewSort } from "@shop/contract/reviews";
import type { PageSizes } from "@/config/ui";

/** Product reviews shown per page on the product page. */
export const PRODUCT_REVIEWS_PAGE_SIZE = 5;
/** Items per page of the moderation list. */
export const MODERATION_PAGE_SIZE = 20;

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
};

export const REVIEW_TOASTS = {
  reviewSaved: "Thank you! Your review is published.",
  reviewUpdated: "Your review is updated.",
  reviewDeleted: "Your review is deleted.",
  testimonialSaved: "Thank you! Your testimonial is published.",
  testimonialUpdated: "Your testimonial is updated.",
  testimonialDeleted: "Your testimonial is deleted.",
  hidden: "Hidden from the shop.",
  restored: "Shown in the shop again.",
} as const;

export const formatReviewDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/** /review shows every review; they arrive 24 at a time. */
export const REVIEWS_PAGE_SIZES: PageSizes = { first: 24, step: 24 };
