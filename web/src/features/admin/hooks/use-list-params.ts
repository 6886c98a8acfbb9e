import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";

import { SEARCH_DEBOUNCE_MS } from "@/config/ui";

/** A page number from the address: a whole number from 1, else 1. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** How many pages `total` rows make, at least one. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The search and page of an admin list, kept in the address (`?q=…&page=…`) so a reload or the
 * back button shows the same rows. What is typed reaches the address, and so the query, after a
 * pause of SEARCH_DEBOUNCE_MS; a new search starts at page 1.
 */
export function useListParams(pageSize: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get("q") ?? "").trim();
  const page = readPage(searchParams.get("page"));
  const [input, setInput] = useState({ draft: q, seen: q });

  if (q !== input.seen) {
    // The address changed: our own debounced write (keep the box as typed), or back/forward.
    setInput({ draft: q === input.draft.trim() ? input.draft : q, seen: q });
  }

  const update = useCallback(
    (changes: { q?: string; page?: number }, replace: boolean) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (changes.q !== undefined) {
            if (changes.q) params.set("q", changes.q);
            else params.delete("q");
            params.delete("page");
          }
          if (changes.page !== undefined) {
            if (changes.page > 1) params.set("page", String(changes.page));
            else params.delete("page");
          }
          return params;
        },
        { replace, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const setPage = useCallback((next: number, replace = false) => update({ page: next }, replace), [update]);

  const draft = input.draft;
  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = window.setTimeout(() => update({ q: draft.trim() }, true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, update]);

  return {
    /** What the search box shows. */
    search: draft,
    setSearch: (value: string) => setInput({ draft: value, seen: q }),
    /** What is searched for (after the pause). */
    q,
    page,
    /** Another page; `replace` when correcting the address (e.g. past the last page) rather than paging. */
    setPage,
    params: { q, limit: pageSize, offset: (page - 1) * pageSize },
    /** True while typed text has not been searched for yet. */
    isDebouncing: draft.trim() !== q,
  };
}
