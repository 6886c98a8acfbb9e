import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";

import { EmptyState } from "@/components/empty-state";
import { Pagination } from "@/components/pagination";
import { QueryStates } from "@/components/query-states";
import { SearchField, type SearchFieldProps } from "@/components/search-field";
import type { ListParams } from "@/features/admin/api/query-keys";
import { ListSkeleton } from "@/features/admin/components/list-skeleton";
import { pageCountOf, useListParams } from "@/features/admin/hooks/use-list-params";
import { t } from "@/features/admin/messages";
import { describeRange, type ListKind } from "@/features/admin/utils/list-range";
import type { ListResult } from "@/lib/api-client";

/**
 * An admin list's search, page and rows: the address's `?q=…&page=…`, the query for that page,
 * and the way back to the last page when the shown one has emptied (its last row was removed).
 */
export function usePagedList<Item, Filters extends object = object>(
  pageSize: number,
  useRows: (params: ListParams & Filters) => UseQueryResult<ListResult<Item>>,
  /** The page's own filters beside the search and the page (Manage Products' status). */
  filters?: Filters,
) {
  const list = useListParams(pageSize);
  const query = useRows({ ...list.params, ...filters } as ListParams & Filters);
  const { data } = query;
  const pageCount = data ? pageCountOf(data.total, pageSize) : 1;
  const { page, setPage } = list;
  const isPastEnd = !query.isPlaceholderData && data !== undefined && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (isPastEnd) setPage(pageCount, true);
  }, [isPastEnd, pageCount, setPage]);
  return { list, query, pageCount, items: data?.items ?? [] };
}

export type PagedList<Item> = ReturnType<typeof usePagedList<Item>>;

/**
 * The search box above a paged list, bound to the address's `?q=`: its spinner turns while the
 * typed search waits for the pause or the new search's page loads behind the old one.
 */
export function PagedListSearch<Item>({
  paged,
  ...field
}: { paged: PagedList<Item> } & Omit<SearchFieldProps, "value" | "onChange" | "isSearching">) {
  const { list, query } = paged;
  return (
    <SearchField
      {...field}
      value={list.search}
      onChange={list.setSearch}
      isSearching={list.isDebouncing || (query.isFetching && query.isPlaceholderData)}
    />
  );
}

export type PagedListResultsProps<Item> = {
  paged: PagedList<Item>;
  /** Which rows the list shows: its messages name them. */
  kind: ListKind;
  errorTitle: string;
  /** What an empty search suggests, e.g. "Try part of a name or an e-mail address.". */
  noMatchHint: string;
  /** The table (wide screens) and cards (phones) of the page's rows. */
  children: ReactNode;
};

/** Below the search box: which rows are shown, the rows in their four states, and the pages. */
export function PagedListResults<Item>({
  paged,
  kind,
  errorTitle,
  noMatchHint,
  children,
}: PagedListResultsProps<Item>) {
  const { list, query, pageCount } = paged;
  const { data } = query;
  const rangeText = data
    ? describeRange(list.params.offset, data.items.length, data.total, kind, data.capped)
    : "";
  return (
    <>
      <p role="status" className="mb-4 text-sm text-ink-muted">
        {rangeText && list.q ? t("admin.list.forQuery", { range: rangeText, q: list.q }) : rangeText}
      </p>
      <QueryStates
        query={query}
        pending={<ListSkeleton label={t("admin.list.loading", { kind })} />}
        errorTitle={errorTitle}
        isEmpty={(loaded) => loaded.items.length === 0}
        empty={
          <EmptyState
            title={list.q ? t("admin.list.noMatch", { kind, q: list.q }) : t("admin.list.noneYet", { kind })}
          >
            {list.q ? noMatchHint : null}
          </EmptyState>
        }
      >
        {() => (
          <>
            {children}
            <Pagination
              label={t("admin.list.pages", { kind })}
              page={list.page}
              pageCount={pageCount}
              onPageChange={(next) => list.setPage(next)}
              className="mt-6"
            />
          </>
        )}
      </QueryStates>
    </>
  );
}
