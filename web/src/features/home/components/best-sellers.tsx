import { useId } from "react";

import { EmptyState } from "@/components/empty-state";
import { ProductGrid, ProductGridSkeleton } from "@/components/product-grid";
import { QueryError } from "@/components/query-error";
import { SectionHeading } from "@/components/section-heading";
import { paths } from "@/config/paths";
import { HOME_BEST_SELLERS_COUNT } from "@/features/home/config";
import { useBestSellers } from "@/features/home/api/get-best-sellers";
import { SeeMore } from "@/features/home/components/see-more";
import { t } from "@/lib/i18n";

export function BestSellers() {
  const headingId = useId();
  const query = useBestSellers();

  let content;
  if (query.isPending) {
    content = (
      <ProductGridSkeleton
        count={HOME_BEST_SELLERS_COUNT}
        label={t("home.bestSellers.loading")}
        withActions={false}
      />
    );
  } else if (query.isError) {
    content = <QueryError title={t("home.bestSellers.loadError")} query={query} />;
  } else if (query.data.length === 0) {
    content = (
      <EmptyState title={t("home.bestSellers.emptyTitle")}>{t("home.bestSellers.emptyText")}</EmptyState>
    );
  } else {
    content = (
      <ProductGrid
        products={query.data.slice(0, HOME_BEST_SELLERS_COUNT)}
        label={t("home.bestSellers.label")}
        variant="compact"
      />
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="render-near-viewport border-y border-line bg-white [--offscreen-height:3300px] sm:[--offscreen-height:2100px] lg:[--offscreen-height:1150px]"
    >
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <SectionHeading
          id={headingId}
          typed
          title={t("home.bestSellers.title")}
          subtitle={t("home.bestSellers.subtitle")}
        />
        {content}
        <SeeMore to={paths.products.getHref()} what={t("home.seeMore.products")} />
      </div>
    </section>
  );
}
