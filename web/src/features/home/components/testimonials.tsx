import { useId } from "react";

import { EmptyState } from "@/components/empty-state";
import { QueryError } from "@/components/query-error";
import { ReviewGrid, ReviewGridSkeleton } from "@/components/review-card";
import { SectionHeading } from "@/components/section-heading";
import { paths } from "@/config/paths";
import { HOME_TESTIMONIALS_COUNT } from "@/features/home/config";
import { useTestimonials } from "@/features/home/api/get-testimonials";
import { SeeMore } from "@/features/home/components/see-more";
import { t } from "@/lib/i18n";

export function Testimonials() {
  const headingId = useId();
  const query = useTestimonials();

  let content;
  if (query.isPending) {
    content = <ReviewGridSkeleton count={HOME_TESTIMONIALS_COUNT} />;
  } else if (query.isError) {
    content = <QueryError title={t("home.testimonials.loadError")} query={query} />;
  } else if (query.data.items.length === 0) {
    content = (
      <EmptyState title={t("home.testimonials.emptyTitle")}>{t("home.testimonials.emptyText")}</EmptyState>
    );
  } else {
    content = <ReviewGrid reviews={query.data.items} label={t("home.testimonials.label")} />;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="render-near-viewport mx-auto max-w-7xl px-4 py-14 [--offscreen-height:1200px] sm:px-6 sm:py-20 md:[--offscreen-height:950px] lg:px-8 lg:[--offscreen-height:650px]"
    >
      <SectionHeading
        id={headingId}
        typed
        eyebrow={t("home.testimonials.label")}
        title={t("home.testimonials.title")}
        align="center"
      />
      {content}
      <SeeMore to={paths.reviews.getHref()} what={t("home.seeMore.testimonials")} />
    </section>
  );
}
