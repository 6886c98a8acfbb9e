import type { ProductReview } from "@shop/contract/reviews";
import type { ReactNode } from "react";

import { ratingLabel, Stars } from "@/components/star-rating";
import { formatReviewDate } from "@/features/reviews/config";
import { t } from "@/features/reviews/messages";

/** One product review: stars, title, the writer, "Verified purchase", the date and the text (as text). */
export function ReviewItem({
  review,
  headingLevel = 3,
  className = "py-5",
  children,
}: {
  review: ProductReview;
  headingLevel?: 3 | 4;
  className?: string;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article className={className}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars average={review.rating} className="text-lg" />
        <span className="sr-only">{ratingLabel(review.rating)}</span>
        <Heading className="font-semibold break-words text-ink">{review.title}</Heading>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
        <span className="font-medium break-all text-ink">{review.name}</span>
        {review.verifiedPurchase ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            {t("reviews.verifiedPurchase")}
          </span>
        ) : null}
        <span>
          {review.editedAt
            ? t("reviews.editedDate", { date: formatReviewDate(review.createdAt) })
            : formatReviewDate(review.createdAt)}
        </span>
      </p>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-ink">{review.text}</p>
      {children}
    </article>
  );
}
