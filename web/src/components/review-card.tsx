import type { Review } from "@shop/contract/catalogue";

import { DecorativeImage } from "@/components/decorative-image";
import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

const REVIEW_GRID_CLASSES = "grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3 lg:gap-6";

/**
 * A client testimonial: the review text, the reviewer's picture, name and caption. The caption
 * comes with the review (SPEC's 'Developer' on the demo ones, a city or 'Verified buyer' on real
 * ones; REVIEW_CAPTIONS in the contract).
 */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
      <QuoteMark />
      <blockquote className="mt-4 flex-1 text-base leading-relaxed text-ink">
        <p>{review.review}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-line pt-5">
        {/* The name is written right beside the picture, so the picture itself needs no text. */}
        <DecorativeImage
          src={review.image}
          width={48}
          lazy
          className="size-12 shrink-0 rounded-full bg-stone-100 object-cover ring-2 ring-brand-100"
        />
        <span>
          <span className="block font-semibold text-ink">{review.name}</span>
          <span className="block text-sm text-ink-muted">{review.caption}</span>
        </span>
      </figcaption>
    </figure>
  );
}

export function ReviewGrid({
  reviews,
  label = t("components.reviews"),
  className,
}: {
  reviews: readonly Review[];
  label?: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn(REVIEW_GRID_CLASSES, className)}>
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

export function ReviewGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <LoadingRegion label={t("components.loadingReviews")} className={cn(REVIEW_GRID_CLASSES, className)}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden="true" className="rounded-2xl border border-line bg-white p-6">
          <Skeleton className="size-8" />
          <div className="mt-4 space-y-2">
            <Skeleton className="h-4" />
            <Skeleton className="h-4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
          <div className="mt-6 flex items-center gap-3 border-t border-line pt-5">
            <Skeleton className="size-12 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}

function QuoteMark() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 32 32"
      className="size-8 text-brand-500"
      fill="currentColor"
    >
      <path d="M9.3 25C6.2 25 4 22.6 4 19.2 4 13.4 8.3 8.5 13.8 7l.9 2c-3.3 1.3-5.4 3.6-5.8 6.3h.9c2.8 0 4.8 2 4.8 4.7 0 2.8-2.2 5-5.3 5zm14.6 0c-3.1 0-5.3-2.4-5.3-5.8 0-5.8 4.3-10.7 9.8-12.2l.9 2c-3.3 1.3-5.4 3.6-5.8 6.3h.9c2.8 0 4.8 2 4.8 4.7 0 2.8-2.2 5-5.3 5z" />
    </svg>
  );
}
