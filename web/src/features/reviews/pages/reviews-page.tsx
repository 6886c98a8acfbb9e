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

/** /review: SPEC's 'Testimonials / What our client says' with every review. */
export function ReviewsPage() {
  const query = useReviews();
  const reviews = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <PageContainer>
      <title>{`Testimonials · ${APP_NAME}`}</title>
      <SectionHeading
        level={1}
        eyebrow="Testimonials"
        title="What our client says"
        subtitle="Real words from people who shop with us."
      />
      <QueryStates
        query={query}
        pending={<ReviewGridSkeleton count={6} />}
        errorTitle="We couldn’t load the reviews"
        isEmpty={() => reviews.length === 0}
        empty={<EmptyState title="No reviews yet">Our clients’ words will appear here soon.</EmptyState>}
      >
        {() => (
          <>
            <ReviewGrid reviews={reviews} />
            {total > REVIEWS_PAGE_SIZES.first ? (
              <LoadMoreOf query={query} shown={reviews.length} total={total} noun="reviews" />
            ) : null}
          </>
        )}
      </QueryStates>
    </PageContainer>
  );
}
