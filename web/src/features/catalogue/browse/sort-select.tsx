import type { ProductSort } from "@shop/contract/catalogue";
import { PRODUCT_SORTS } from "@shop/contract/catalogue-constants";

import { LabelledSelect } from "@/components/labelled-select";
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
  return (
    <LabelledSelect
      label={t("catalogue.sortBy")}
      value={value}
      options={PRODUCT_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      onChange={onChange}
      className="flex items-center gap-2"
      labelClassName="text-sm font-semibold whitespace-nowrap text-ink"
      selectClassName="min-h-10 rounded-lg border border-stone-300 bg-white py-2 pr-8 pl-3 text-sm text-ink"
    />
  );
}
