import { useRef } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { BagIcon, SearchIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { PRODUCTS_PAGE_SIZES } from "@/config/ui";
import { useProducts } from "@/features/catalog/api/get-products";
import { ProductList } from "@/features/catalog/components/product-list";
import { SearchBox } from "@/features/catalog/components/search-box";
import { useSearchParamInput } from "@/features/catalog/hooks/use-search-param-input";

/** /products: search (server-side, kept in the address as ?q=) and every product, 8 + 8 at a time. */
export function ProductsPage() {
  const search = useSearchParamInput("q");
  const q = search.committed;
  const query = useProducts({ q }, PRODUCTS_PAGE_SIZES, { keepPrevious: true });
  const inputRef = useRef<HTMLInputElement>(null);
  const total = query.data?.pages.at(-1)?.total;
  const searching = query.isPlaceholderData && query.isFetching;

  const clearSearch = () => {
    search.clear();
    inputRef.current?.focus();
  };

  return (
    <PageContainer>
      <PageTitle
        title="All Products"
        documentTitle={q ? `Search: ${q}` : "All Products"}
        eyebrow="Shop"
        subtitle="Clothing, shoes, watches and gadgets: everything in the shop, newest first."
      />
      <SearchBox
        inputRef={inputRef}
        value={search.value}
        onChange={search.setValue}
        onSubmit={search.flush}
        onClear={clearSearch}
        isSearching={searching}
      />
      <p role="status" className="mb-6 min-h-6 text-sm text-ink-muted">
        {q && total !== undefined && !query.isPlaceholderData ? <ResultCount total={total} q={q} /> : null}
      </p>
      <ProductList
        query={query}
        label={q ? `Products matching ${q}` : "All products"}
        skeletonCount={PRODUCTS_PAGE_SIZES.first}
        empty={
          q ? (
            <EmptyState
              title={`No products match “${q}”`}
              icon={<SearchIcon className="size-6" />}
              action={
                <Button variant="secondary" onClick={clearSearch}>
                  Clear search
                </Button>
              }
            >
              Check the spelling, or try a shorter or more general word such as “watch” or “sneaker”.
            </EmptyState>
          ) : (
            <EmptyState title="No products yet" icon={<BagIcon className="size-6" />}>
              The shop’s shelves are being stocked. Please come back soon.
            </EmptyState>
          )
        }
      />
    </PageContainer>
  );
}

function ResultCount({ total, q }: { total: number; q: string }) {
  if (total === 0) return <>No products found for “{q}”.</>;
  return (
    <>
      <strong className="font-semibold text-ink">{total}</strong> {total === 1 ? "product" : "products"} found
      for “{q}”
    </>
  );
}
