import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

import { readListFilters, writeListFilters, type ListFilters } from "@/features/catalogue/utils/list-filters";

/**
 * The list's filters and order, read from and written to the address. Each change is a new
 * history entry (Back undoes the last filter); the list starts again at its first page.
 */
export function useListFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(searchParams), [searchParams]);

  const setFilters = useCallback(
    (change: Partial<ListFilters>) => {
      setSearchParams((current) => writeListFilters(current, { ...readListFilters(current), ...change }), {
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(
    () =>
      setFilters({
        category: undefined,
        minPrice: undefined,
        maxPrice: undefined,
        size: undefined,
        colour: undefined,
        inStock: false,
        onSale: false,
      }),
    [setFilters],
  );

  return { filters, setFilters, clearFilters };
}
