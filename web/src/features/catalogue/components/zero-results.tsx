import type { Product } from "@shop/contract/catalogue";
import type { SearchSuggestions } from "@shop/contract/search";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";

import { ProductGrid } from "@/components/product-grid";
import { QueryError } from "@/components/query-error";
import { CATALOGUE_STALE_TIME_MS } from "@/config/ui";
import { paths } from "@/config/paths";
import { t } from "@/features/catalogue/messages";
import { api } from "@/lib/api-client";

const BEST_SELLERS_SHOWN = 4;

/** Where the message puts the suggested query's link: word order differs between languages. */
const LINK_SLOT = "\u0000";

/**
 * Under "No products match": the closest query that has results ("did you mean"), and the
 * shop's best-sellers, so a search that found nothing still leads somewhere.
 */
export function ZeroResults({ q }: { q: string }) {
  const suggestion = useQuery({
    queryKey: ["products", "suggest", q] as const,
    queryFn: ({ signal }) => api.get<SearchSuggestions>("/products/suggest", { query: { q }, signal }),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
  const bestSellers = useQuery({
    queryKey: ["products", { bestSellers: true, limit: BEST_SELLERS_SHOWN }] as const,
    queryFn: ({ signal }) =>
      api.get<Product[]>("/products/best-sellers", { query: { limit: BEST_SELLERS_SHOWN }, signal }),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });
  const didYouMean = suggestion.data?.didYouMean;
  const [beforeLink, afterLink] = t("catalogue.didYouMean", { suggestion: LINK_SLOT }).split(LINK_SLOT);
  return (
    <div className="mt-8 flex flex-col gap-6">
      {didYouMean ? (
        <p className="text-center text-lg">
          {beforeLink}
          <Link
            to={`${paths.products.getHref()}?${new URLSearchParams({ q: didYouMean })}`}
            className="font-semibold text-brand-700 underline"
          >
            {didYouMean}
          </Link>
          {afterLink}
        </p>
      ) : null}
      {suggestion.isError ? (
        <QueryError
          title={t("catalogue.suggestionsError")}
          error={suggestion.error}
          onRetry={() => void suggestion.refetch()}
          compact
        />
      ) : null}
      <section aria-labelledby="zero-results-best-sellers">
        <h2 id="zero-results-best-sellers" className="mb-4 text-xl font-semibold">
          {t("catalogue.bestSellers")}
        </h2>
        {bestSellers.isError ? (
          <QueryError
            title={t("catalogue.bestSellersError")}
            error={bestSellers.error}
            onRetry={() => void bestSellers.refetch()}
          />
        ) : (
          <ProductGrid products={bestSellers.data ?? []} label={t("catalogue.bestSellers")} />
        )}
      </section>
    </div>
  );
}
