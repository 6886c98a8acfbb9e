import { useId } from "react";

import { EmptyState } from "@/components/empty-state";
import { QueryError } from "@/components/query-error";
import { ReviewGrid, ReviewGridSkeleton } from "@/components/review-card";
import { SectionHeading } from "@/components/section-heading";
import { paths } from "@/config/paths";
import { HOME_TESTIMONIALS_COUNT } from "@/features/home/config";
import { useTestimonials } from "@/features/home/api/get-testimonials";
import { SeeMore } from "@/features/home/components/see-more";

export function Testimonials() {
  const headingId = useId();
  const query = useTestimonials();

  let content;
  if (query.isPending) {
    content = <ReviewGridSkeleton count={HOME_TESTIMONIALS_COUNT} />;
  } else if (query.isError) {
    content = (
      <QueryError
        title="We couldn’t load the testimonials"
        error={query.error}
        isRetrying={query.isRefetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.items.length === 0) {
    content = <EmptyState title="No testimonials yet">Our clients’ words will appear here soon.</EmptyState>;
  } else {
    content = <ReviewGrid reviews={query.data.items} label="Testimonials" />;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="render-near-viewport mx-auto max-w-7xl px-4 py-14 [--offscreen-height:1200px] sm:px-6 sm:py-20 md:[--offscreen-height:950px] lg:px-8 lg:[--offscreen-height:650px]"
    >
      <SectionHeading
        id={headingId}
        typed
        eyebrow="Testimonials"
        title="What our client says"
        align="center"
      />
      {content}
      <SeeMore to={paths.reviews.getHref()} what="testimonials" />
    </section>
  );
}
