import type { ProductSort } from "@shop/contract/catalogue";
import { PRODUCT_SORTS } from "@shop/contract/catalogue-constants";
import { useId } from "react";

import { t } from "@/features/catalogue/messages";
import { SORT_LABELS } from "@/features/catalogue/utils/filter-labels";

/** The list's order: a labelled native select (the phone's own picker on touch screens). */
export function SortSelect({
  value,
  onChange,
}: {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold whitespace-nowrap text-ink">
        {t("catalogue.sortBy")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ProductSort)}
        className="min-h-10 rounded-lg border border-stone-300 bg-white py-2 pr-8 pl-3 text-sm text-ink"
      >
        {PRODUCT_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
