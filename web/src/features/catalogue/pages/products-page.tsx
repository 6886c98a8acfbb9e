import { useRef } from "react";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { BagIcon, SearchIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { SearchField } from "@/components/search-field";
import { PRODUCTS_PAGE_SIZES } from "@/features/catalogue/config";
import { CatalogueBrowser } from "@/features/catalogue/browse/catalogue-browser";
import { useCatalogueBrowser } from "@/features/catalogue/hooks/use-catalogue-browser";
import { useSearchParamInput } from "@/features/catalogue/hooks/use-search-param-input";
import { ZeroResults } from "@/features/catalogue/components/zero-results";

/**
 * /products: search (server-side, kept in the address as ?q=), filters and order (also in the
 * address) and every product, 8 + 8 at a time.
 */
export function ProductsPage() {
  const search = useSearchParamInput("q");
  const q = search.committed;
  const browser = useCatalogueBrowser({ q, pageSizes: PRODUCTS_PAGE_SIZES });
  const { query } = browser;
  const inputRef = useRef<HTMLInputElement>(null);
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
        subtitle="Clothing, shoes, watches and gadgets: everything in the shop."
      />
      <SearchField
        label="Search products"
        placeholder="Watches, sneakers, dresses…"
        hint="Results update as you type."
        name="q"
        size="lg"
        clearLabel="Clear search"
        inputRef={inputRef}
        value={search.value}
        onChange={search.setValue}
        onSubmit={search.flush}
        onClear={clearSearch}
        isSearching={searching}
        className="mb-8 max-w-2xl"
      />
      <CatalogueBrowser
        state={browser}
        label={q ? `Products matching ${q}` : "All products"}
        skeletonCount={PRODUCTS_PAGE_SIZES.first}
        empty={
          q ? (
            <>
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
              <ZeroResults q={q} />
            </>
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
