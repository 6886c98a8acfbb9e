import type { ReviewSort } from "@shop/contract/reviews";
import type { PageSizes } from "@/config/ui";
import { t } from "@/features/reviews/messages";
import { formatDate } from "@/lib/i18n";

/** Product reviews shown per page on the product page. */
export const PRODUCT_REVIEWS_PAGE_SIZE = 5;
/** Items per page of the moderation list. */
export const MODERATION_PAGE_SIZE = 20;

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: t("reviews.sort.newest"),
  highest: t("reviews.sort.highest"),
  lowest: t("reviews.sort.lowest"),
};

export const formatReviewDate = (iso: string) =>
  formatDate(iso, { year: "numeric", month: "short", day: "numeric" });

/** /review shows every review; they arrive 24 at a time. */
export const REVIEWS_PAGE_SIZES: PageSizes = { first: 24, step: 24 };
