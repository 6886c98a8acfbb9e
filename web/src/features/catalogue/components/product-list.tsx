import type { Product } from "@shop/contract/catalogue";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, type ReactNode } from "react";

import { LoadMore } from "@/components/load-more";
import { ProductGrid, ProductGridSkeleton } from "@/components/product-grid";
import { QueryError } from "@/components/query-error";
import { t } from "@/features/catalogue/messages";
import type { ListResult } from "@/lib/api-client";

export type ProductListProps = {
  query: UseInfiniteQueryResult<InfiniteData<ListResult<Product>>>;
  /** Names the grid for assistive technology. */
  label: string;
  /** How many grey cards show while the first page loads. */
  skeletonCount: number;
  /** Shown when the list is empty (nothing in the category, or no search match). */
  empty: ReactNode;
  headingLevel?: 2 | 3;
  /** What each card shows over its picture's corner (the wishlist heart). */
  corner?: ((product: Product) => ReactNode) | undefined;
};

/** All loaded pages as one list; a product seen twice (the catalogue changed between pages) once. */
function flattenPages(data: InfiniteData<ListResult<Product>> | undefined) {
  const seen = new Set<string>();
  const products: Product[] = [];
  for (const page of data?.pages ?? []) {
    for (const product of page.items) {
      if (seen.has(product._id)) continue;
      seen.add(product._id);
      products.push(product);
    }
  }
  return { products, total: data?.pages.at(-1)?.total ?? 0 };
}

/**
 * A catalogue grid with its states: skeleton while loading, an error with a retry, the empty
 * message, and 'Load More...' while more products exist. After loading more, keyboard focus moves
 * to the first new product, so keyboard and screen-reader users carry on where the list grew.
 */
export function ProductList({
  query,
  label,
  skeletonCount,
  empty,
  headingLevel = 2,
  corner,
}: ProductListProps) {
  const { data, error, isPending, isError, isPlaceholderData, hasNextPage, isFetchingNextPage } = query;
  const { products, total } = useMemo(() => flattenPages(data), [data]);
  const listRef = useRef<HTMLUListElement>(null);
  // The first new product's index while 'Load More...' fetches; focused once React has drawn it
  // (an effect after the commit, not a frame after the fetch: on a busy machine that came first).
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || products.length <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelector<HTMLElement>(`li[data-index="${index}"] a`)?.focus();
  }, [products.length]);

  if (isPending) return <ProductGridSkeleton count={skeletonCount} />;

  if (isError && !data) {
    return <QueryError title={t("catalogue.loadError")} query={query} />;
  }

  if (products.length === 0) return <>{empty}</>;

  const loadMore = async () => {
    focusIndex.current = products.length;
    const result = await query.fetchNextPage();
    if (result.isError) focusIndex.current = null;
  };

  return (
    <div aria-busy={isPlaceholderData || undefined}>
      <ProductGrid
        listRef={listRef}
        products={products}
        label={label}
        headingLevel={headingLevel}
        aboveTheFold
        corner={corner}
      />
      {query.isFetchNextPageError ? (
        <QueryError
          compact
          className="mx-auto mt-8 max-w-md"
          title={t("catalogue.loadMoreError")}
          error={error}
          onRetry={() => void loadMore()}
        />
      ) : (
        <LoadMore
          shown={products.length}
          total={Math.max(total, products.length)}
          noun={t("catalogue.productsNoun", { count: total })}
          hasMore={hasNextPage && !isPlaceholderData}
          isLoading={isFetchingNextPage}
          onLoadMore={() => void loadMore()}
        />
      )}
    </div>
  );
}
