import { useId } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ChevronRightIcon } from "@/components/icons";
import { QueryError } from "@/components/query-error";
import { ReviewGrid, ReviewGridSkeleton } from "@/components/review-card";
import { SectionHeading } from "@/components/section-heading";
import { paths } from "@/config/paths";
import { HOME_TESTIMONIALS_COUNT } from "@/features/home/config";
import { useTestimonials } from "@/features/home/api/get-testimonials";

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
      <div className="mt-10 flex justify-center">
        <Button
          to={paths.reviews.getHref()}
          variant="secondary"
          size="lg"
          icon={<ChevronRightIcon />}
          iconPosition="right"
        >
          See More<span className="sr-only"> testimonials</span>
        </Button>
      </div>
    </section>
  );
}
