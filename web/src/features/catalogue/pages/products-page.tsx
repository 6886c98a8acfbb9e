import { useRef } from "react";

import { EmptyState } from "@/components/empty-state";
import { BagIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { SearchField } from "@/components/search-field";
import { PRODUCTS_PAGE_SIZES } from "@/features/catalogue/config";
import { CatalogueBrowser } from "@/features/catalogue/browse/catalogue-browser";
import { NoMatch } from "@/features/catalogue/browse/nothing-here-yet";
import { useCatalogueBrowser } from "@/features/catalogue/hooks/use-catalogue-browser";
import { useSearchParamInput } from "@/features/catalogue/hooks/use-search-param-input";
import { ZeroResults } from "@/features/catalogue/components/zero-results";
import { t } from "@/features/catalogue/messages";

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
        title={t("catalogue.products.title")}
        documentTitle={q ? t("catalogue.products.searchTitle", { q }) : t("catalogue.products.title")}
        eyebrow={t("catalogue.products.eyebrow")}
        subtitle={t("catalogue.products.subtitle")}
      />
      <SearchField
        label={t("catalogue.products.searchLabel")}
        placeholder={t("catalogue.products.searchPlaceholder")}
        hint={t("catalogue.products.searchHint")}
        name="q"
        size="lg"
        clearLabel={t("catalogue.products.clearSearch")}
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
        label={q ? t("catalogue.products.matching", { q }) : t("catalogue.products.all")}
        skeletonCount={PRODUCTS_PAGE_SIZES.first}
        empty={
          q ? (
            <>
              <NoMatch
                title={t("catalogue.products.noMatch.title", { q })}
                undoLabel={t("catalogue.products.clearSearch")}
                onUndo={clearSearch}
              >
                {t("catalogue.products.noMatch.text")}
              </NoMatch>
              <ZeroResults q={q} />
            </>
          ) : (
            <EmptyState title={t("catalogue.products.empty.title")} icon={<BagIcon className="size-6" />}>
              {t("catalogue.products.empty.text")}
            </EmptyState>
          )
        }
      />
    </PageContainer>
  );
}
