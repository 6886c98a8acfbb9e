import { useMemo } from "react";

import { EmptyState } from "@/components/empty-state";
import { LoadMoreOf } from "@/components/load-more";
import { PageContainer } from "@/components/page-container";
import { QueryStates } from "@/components/query-states";
import { ReviewGrid, ReviewGridSkeleton } from "@/components/review-card";
import { SectionHeading } from "@/components/section-heading";
import { APP_NAME } from "@/config/app";
import { REVIEWS_PAGE_SIZES } from "@/features/reviews/config";
import { useReviews } from "@/features/reviews/api/get-reviews";
import { t } from "@/features/reviews/messages";

/** /review: SPEC's 'Testimonials / What our client says' with every review. */
export function ReviewsPage() {
  const query = useReviews();
  const reviews = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <PageContainer>
      <title>{t("reviews.page.documentTitle", { shop: APP_NAME })}</title>
      <SectionHeading
        level={1}
        eyebrow={t("reviews.page.eyebrow")}
        title={t("reviews.page.title")}
        subtitle={t("reviews.page.subtitle")}
      />
      <QueryStates
        query={query}
        pending={<ReviewGridSkeleton count={6} />}
        errorTitle={t("reviews.loadError")}
        isEmpty={() => reviews.length === 0}
        empty={<EmptyState title={t("reviews.emptyTitle")}>{t("reviews.page.emptyText")}</EmptyState>}
      >
        {() => (
          <>
            <ReviewGrid reviews={reviews} />
            {total > REVIEWS_PAGE_SIZES.first ? (
              <LoadMoreOf query={query} shown={reviews.length} total={total} noun={t("reviews.page.noun")} />
            ) : null}
          </>
        )}
      </QueryStates>
    </PageContainer>
  );
}
