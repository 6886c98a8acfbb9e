import { useMemo } from "react";

import { EmptyState } from "@/components/empty-state";
import { LoadMore } from "@/components/load-more";
import { PageContainer } from "@/components/page-container";
import { QueryError } from "@/components/query-error";
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

  let content;
  if (query.isPending) {
    content = <ReviewGridSkeleton count={6} />;
  } else if (query.isError && !query.data) {
    content = (
      <QueryError
        title="We couldn’t load the reviews"
        error={query.error}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (reviews.length === 0) {
    content = <EmptyState title="No reviews yet">Our clients’ words will appear here soon.</EmptyState>;
  } else {
    content = (
      <>
        <ReviewGrid reviews={reviews} />
        {total > REVIEWS_PAGE_SIZES.first ? (
          <LoadMore
            shown={reviews.length}
            total={total}
            noun="reviews"
            hasMore={query.hasNextPage}
            isLoading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
        ) : null}
      </>
    );
  }

  return (
    <PageContainer>
      <title>{`Testimonials · ${APP_NAME}`}</title>
      <SectionHeading
        level={1}
        eyebrow="Testimonials"
        title="What our client says"
        subtitle="Real words from people who shop with us."
      />
      {content}
    </PageContainer>
  );
}
