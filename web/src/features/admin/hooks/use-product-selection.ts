import type { ADMIN_PRODUCT_STATUS_FILTERS } from "@shop/contract/admin";
import type { BulkSelection } from "@shop/contract/bulk-edit";
import { useState } from "react";

/** Rows picked by id (kept across pages), or every product the search `q` matches. */
export type ProductSelection = { mode: "ids"; ids: ReadonlySet<string> } | { mode: "filter"; q: string };
type StatusFilter = (typeof ADMIN_PRODUCT_STATUS_FILTERS)[number] | undefined;

const NONE: ProductSelection = { mode: "ids", ids: new Set() };

/**
 * Manage Products' selection for a bulk edit. A new search or status filter starts a new
 * selection: "all matching" belongs to the list it was chosen for, and picked rows may no longer
 * be listed.
 */
export function useProductSelection(q: string, status?: StatusFilter) {
  const list = `${status ?? ""}:${q}`;
  const [state, setState] = useState<{ list: string; selection: ProductSelection }>({
    list,
    selection: NONE,
  });
  if (state.list !== list) setState({ list, selection: NONE });
  const selection = state.list === list ? state.selection : NONE;
  const set = (next: ProductSelection) => setState({ list, selection: next });

  const isSelected = (id: string) => selection.mode === "filter" || selection.ids.has(id);
  return {
    selection,
    isSelected,
    /** Every row of the page is selected (and there is one). */
    isPageSelected: (pageIds: readonly string[]) => pageIds.length > 0 && pageIds.every(isSelected),
    /** Picks or drops one row; dropping one from "all matching" leaves the page's other rows picked. */
    toggle(id: string, checked: boolean, pageIds: readonly string[]) {
      const ids = new Set(selection.mode === "filter" ? pageIds : selection.ids);
      if (checked) ids.add(id);
      else ids.delete(id);
      set({ mode: "ids", ids });
    },
    togglePage(pageIds: readonly string[], checked: boolean) {
      const ids = new Set(selection.mode === "filter" ? pageIds : selection.ids);
      for (const id of pageIds) {
        if (checked) ids.add(id);
        else ids.delete(id);
      }
      set({ mode: "ids", ids });
    },
    selectAllMatching: () => set({ mode: "filter", q }),
    clear: () => set(NONE),
    /** How many products are selected, given how many the search matches. */
    countOf: (total: number) => (selection.mode === "filter" ? total : selection.ids.size),
    /** The selection as the bulk edit API takes it. */
    request: (): BulkSelection =>
      selection.mode === "filter"
        ? { kind: "filter", q, ...(status ? { status } : {}) }
        : { kind: "ids", ids: [...selection.ids] },
  };
}

export type ProductSelectionState = ReturnType<typeof useProductSelection>;
