import type { Category } from "@shop/contract/catalogue";

import type { PageSizes } from "@/config/ui";
import { useFilteredProducts, useProductFacets } from "@/features/catalogue/api/get-filtered-products";
import { useListFilters } from "@/features/catalogue/hooks/use-list-filters";

/**
 * Everything a filtered list needs: the filters from the address, the products (a page at a
 * time) and the facet counts. A category page passes its category; /products takes it from the
 * filters; a collection page passes its slug.
 */
export function useCatalogueBrowser({
  category,
  q = "",
  collection,
  pageSizes,
}: {
  category?: Category;
  q?: string;
  collection?: string;
  pageSizes: PageSizes;
}) {
  const { filters, setFilters, clearFilters } = useListFilters();
  const request = { category: category ?? filters.category, q, filters, collection };
  const query = useFilteredProducts(request, pageSizes);
  const facets = useProductFacets(request);
  return { filters, setFilters, clearFilters, query, facets: facets.data, fixedCategory: category, q };
}

export type CatalogueBrowserState = ReturnType<typeof useCatalogueBrowser>;
