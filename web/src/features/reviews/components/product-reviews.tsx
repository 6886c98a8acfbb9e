import { REVIEW_SORTS, type RatingSummary, type ReviewSort } from "@shop/contract/reviews";
import { useId, useState } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { Pagination } from "@/components/pagination";
import { QueryStates } from "@/components/query-states";
import { SelectField } from "@/components/select-field";
import { Skeleton } from "@/components/skeleton";
import { ratingLabel, Stars } from "@/components/star-rating";
import { dashboardPaths } from "@/config/dashboard-paths";
import { useMyReviews, useProductReviews, useRatingSummary } from "@/features/reviews/api/reviews";
import { ReviewForm } from "@/features/reviews/components/review-form";
import { ReviewItem } from "@/features/reviews/components/review-item";
import { PRODUCT_REVIEWS_PAGE_SIZE, REVIEW_SORT_LABELS } from "@/features/reviews/config";
import { t } from "@/features/reviews/messages";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n";
import { useSession } from "@/lib/session";

/** The product page's reviews: the average and breakdown, my review or a form, and the sorted, paged list. */
export function ProductReviews({ productId, productName }: { productId: string; productName: string }) {
  const headingId = useId();
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [page, setPage] = useState(1);
  const summary = useRatingSummary(productId);
  const signedIn = useSession().user !== null;
  const list = useProductReviews(productId, sort, page);
  // The breakdown (once there are ratings) and one's own review: a visitor on a product nobody
  // rated has neither, and the list takes the whole width instead of sitting beside a blank.
  const hasSideColumn = signedIn || summary.data === undefined || summary.data.count > 0;

  const content = (
    <QueryStates
      query={list}
      pending={<Skeleton className="h-32" />}
      errorTitle={t("reviews.loadError")}
      isEmpty={(reviews) => reviews.total === 0}
      empty={<EmptyState title={t("reviews.emptyTitle")}>{t("reviews.product.emptyText")}</EmptyState>}
    >
      {(reviews) => (
        <>
          <ul
            aria-label={t("reviews.product.listLabel")}
            aria-busy={list.isPlaceholderData || undefined}
            className="divide-y divide-line"
          >
            {reviews.items.map((review) => (
              <li key={review._id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
          <Pagination
            className="mt-4"
            label={t("reviews.product.pagesLabel")}
            page={page}
            pageCount={Math.ceil(reviews.total / PRODUCT_REVIEWS_PAGE_SIZE)}
            onPageChange={setPage}
          />
        </>
      )}
    </QueryStates>
  );

  return (
    <section
      id="reviews"
      aria-labelledby={headingId}
      className="mt-14 scroll-mt-24 border-t border-line pt-10"
    >
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-ink">
        {t("reviews.product.heading")}
      </h2>
      <div
        className={cn(
          "mt-6 grid gap-8 lg:gap-12",
          hasSideColumn && "lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]",
        )}
      >
        {hasSideColumn ? (
          <div className="flex flex-col gap-6">
            {summary.data ? (
              summary.data.count > 0 ? (
                <RatingBreakdown summary={summary.data} />
              ) : null
            ) : (
              <Skeleton className="h-40" />
            )}
            {/* Signed out (a public catalogue) there is nothing of one's own to show, nor to ask for. */}
            {signedIn ? <MyReviewOfProduct productId={productId} productName={productName} /> : null}
          </div>
        ) : null}
        <div>
          {list.data?.total ? (
            <SelectField
              label={t("reviews.product.sortLabel")}
              className="max-w-xs"
              value={sort}
              options={REVIEW_SORTS.map((value) => ({ value, label: REVIEW_SORT_LABELS[value] }))}
              onChange={(event) => {
                setSort(event.target.value as ReviewSort);
                setPage(1);
              }}
            />
          ) : null}
          <div className="mt-2">{content}</div>
        </div>
      </div>
    </section>
  );
}

function RatingBreakdown({ summary }: { summary: RatingSummary }) {
  return (
    <div>
      <p className="flex items-center gap-3">
        <span className="text-4xl font-bold text-ink">
          {formatNumber(summary.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </span>
        <Stars average={summary.average} className="text-2xl" />
        <span className="sr-only">{ratingLabel(summary.average)}</span>
      </p>
      <p className="mt-1 text-sm text-ink-muted">{t("reviews.product.basedOn", { count: summary.count })}</p>
      <ul aria-label={t("reviews.product.byStarsLabel")} className="mt-4 flex flex-col gap-1.5">
        {summary.breakdown.map(({ stars, count }) => (
          <li key={stars} className="flex items-center gap-2 text-sm">
            <span className="w-12 shrink-0 text-ink">{t("reviews.stars", { stars })}</span>
            <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
              <span
                className="block h-full rounded-full bg-amber-500"
                style={{ width: `${summary.count ? (count / summary.count) * 100 : 0}%` }}
              />
            </span>
            <span className="w-8 shrink-0 text-right text-ink-muted tabular-nums">{formatNumber(count)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The shopper's own review of this product, or the form when they may write one. */
function MyReviewOfProduct({ productId, productName }: { productId: string; productName: string }) {
  const mine = useMyReviews();
  const [editing, setEditing] = useState(false);
  if (!mine.data) return null;
  const own = mine.data.productReviews.find((review) => review.productId === productId);
  if (own) {
    if (editing) {
      return (
        <ReviewForm
          productName={productName}
          target={{ reviewId: own._id }}
          initial={{ rating: own.rating, title: own.title, text: own.text }}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      );
    }
    return (
      <div className="rounded-2xl border border-line bg-white p-5 text-sm shadow-sm">
        <p className="font-semibold text-ink">{t("reviews.product.youReviewed")}</p>
        {own.hidden ? (
          <p className="mt-1 text-ink-muted">
            {t("reviews.product.hiddenByAdmin", {
              reason: own.moderationReason ?? t("reviews.noReasonGiven"),
            })}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            {t("reviews.product.editYourReview")}
          </Button>
          <Button size="sm" variant="light" to={dashboardPaths.myReviews.getHref()}>
            {t("reviews.myReviews")}
          </Button>
        </div>
      </div>
    );
  }
  if (!mine.data.toReview.some((item) => item.productId === productId)) return null;
  return (
    <div>
      <h3 className="mb-3 text-lg font-semibold text-ink">{t("reviews.writeReview")}</h3>
      <ReviewForm productName={productName} target={{ productId }} />
    </div>
  );
}
