import { useId } from "react";

import { buttonClassName } from "@/components/button";
import { Spinner } from "@/components/spinner";
import { t } from "@/lib/i18n";

export type LoadMoreProps = {
  shown: number;
  total: number;
  /** What is counted, in the plural: "products", "reviews". */
  noun: string;
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
};

/**
 * SPEC's 'Load More...' with a "Showing 8 of 48 products" line. The button stays focusable while
 * the next page loads (aria-disabled rather than disabled, so keyboard focus is not lost) and is
 * gone once everything is shown.
 */
export function LoadMore({ shown, total, noun, hasMore, isLoading, onLoadMore }: LoadMoreProps) {
  const countId = useId();
  return (
    <div className="mt-10 flex flex-col items-center gap-4">
      <p id={countId} className="text-sm text-ink-muted" aria-live="polite">
        {t("components.showing", { shown, total, noun })}
      </p>
      <div
        aria-hidden="true"
        className="h-1 w-48 overflow-hidden rounded-full bg-stone-200"
        title={t("components.nOfTotal", { n: shown, total })}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${total > 0 ? Math.min(100, (shown / total) * 100) : 100}%` }}
        />
      </div>
      {hasMore ? (
        <button
          type="button"
          aria-describedby={countId}
          aria-disabled={isLoading || undefined}
          aria-busy={isLoading || undefined}
          onClick={() => {
            if (!isLoading) onLoadMore();
          }}
          className={buttonClassName({ variant: "secondary", size: "lg", className: "min-w-48" })}
        >
          {isLoading ? <Spinner size="sm" tone="current" label={t("components.loadingMore")} /> : null}
          {t("components.loadMore")}
        </button>
      ) : null}
    </div>
  );
}

/** The paging state LoadMore reads from an infinite query. */
type NextPages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** LoadMore driven by an infinite query: more while it has a next page, loading while it fetches one. */
export function LoadMoreOf({
  query,
  ...counts
}: {
  query: NextPages;
  shown: number;
  total: number;
  noun: string;
}) {
  return (
    <LoadMore
      {...counts}
      hasMore={query.hasNextPage}
      isLoading={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
