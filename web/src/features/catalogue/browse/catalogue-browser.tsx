import type { Product } from "@shop/contract/catalogue";
import type { ReactNode } from "react";
import { lazy, Suspense, useState } from "react";

import { Button } from "@/components/button";
import { Spinner } from "@/components/spinner";
import { FilterDrawer } from "@/features/catalogue/browse/filter-drawer";
import { FilterPanel } from "@/features/catalogue/browse/filter-panel";
import { NoMatch } from "@/features/catalogue/browse/nothing-here-yet";
import { ProductList } from "@/features/catalogue/components/product-list";
import { SortSelect } from "@/features/catalogue/browse/sort-select";
import type { CatalogueBrowserState } from "@/features/catalogue/hooks/use-catalogue-browser";
import { t } from "@/features/catalogue/messages";
import { activeFilterCount } from "@/features/catalogue/utils/list-filters";
import { formatNumber } from "@/lib/i18n";
import { useSession } from "@/lib/session";

// Fetched with the first list a signed-in shopper sees; never on the home page (its budget).
const CardHeart = lazy(() => import("@/components/wishlist-heart"));

/** A card's wishlist heart, for signed-in shoppers. */
const heartOf = (product: Product) => (
  <Suspense>
    <CardHeart productId={product._id} productName={product.productname} />
  </Suspense>
);

export type CatalogueBrowserProps = {
  state: CatalogueBrowserState;
  /** Names the grid for assistive technology. */
  label: string;
  skeletonCount: number;
  /** Shown when nothing matches and no filter is on (the filters have their own message). */
  empty: ReactNode;
};

/**
 * A product list with its filters and order: the filters beside the grid on wide screens, in a
 * drawer behind a "Filters" button on phones; the order and the count above the grid.
 */
export function CatalogueBrowser({ state, label, skeletonCount, empty }: CatalogueBrowserProps) {
  const { filters, setFilters, clearFilters, query, facets, fixedCategory, q } = state;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { user } = useSession();
  const activeCount = activeFilterCount(filters);
  const total = query.data?.pages.at(-1)?.total;
  const panel = (
    <FilterPanel
      filters={filters}
      facets={facets}
      showCategories={!fixedCategory}
      onChange={setFilters}
      onClear={clearFilters}
    />
  );

  return (
    <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <aside aria-label={t("catalogue.filters")} className="hidden lg:block">
        {panel}
      </aside>
      <div>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <Button
            variant="secondary"
            size="sm"
            className="lg:hidden"
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            {activeCount > 0
              ? t("catalogue.filtersWithCount", { count: activeCount })
              : t("catalogue.filters")}
          </Button>
          <p role="status" className="min-h-6 text-sm text-ink-muted">
            {query.isPlaceholderData ? (
              // The previous products stay readable (not faded) until the new ones are in.
              <Spinner size="sm" label={t("catalogue.updating")} showLabel inLiveRegion className="gap-2" />
            ) : total !== undefined ? (
              <ResultCount total={total} q={q} />
            ) : null}
          </p>
          <SortSelect value={filters.sort} onChange={(sort) => setFilters({ sort })} />
        </div>
        <ProductList
          corner={user ? heartOf : undefined}
          query={query}
          label={label}
          skeletonCount={skeletonCount}
          empty={
            activeCount > 0 ? (
              <NoMatch
                title={t("catalogue.noFilterMatch.title")}
                undoLabel={t("catalogue.clearFilters")}
                onUndo={clearFilters}
              >
                {t("catalogue.noFilterMatch.text")}
              </NoMatch>
            ) : (
              empty
            )
          }
        />
      </div>
      <FilterDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        doneLabel={
          total === undefined ? t("catalogue.showProducts") : t("catalogue.showCount", { count: total })
        }
      >
        {panel}
      </FilterDrawer>
    </div>
  );
}

/** Where the message puts the count (in <strong>): word order differs between languages. */
const COUNT_SLOT = "\u0000";

function ResultCount({ total, q }: { total: number; q: string }) {
  if (total === 0) return <>{q ? t("catalogue.noResultsFor", { q }) : t("catalogue.noResults")}</>;
  const message = q
    ? t("catalogue.resultCountFor", { count: total, total: COUNT_SLOT, q })
    : t("catalogue.resultCount", { count: total, total: COUNT_SLOT });
  const [before, after] = message.split(COUNT_SLOT);
  return (
    <>
      {before}
      <strong className="font-semibold text-ink">{formatNumber(total)}</strong>
      {after}
    </>
  );
}
