import type { Category, ProductFacets } from "@shop/contract/catalogue";
import { CATEGORIES } from "@shop/contract/catalogue-constants";
import { useId, type ReactNode } from "react";

import { Button } from "@/components/button";
import {
  activeFilterCount,
  isSelectedRange,
  PRICE_RANGE_CHOICES,
  type ListFilters,
} from "@/features/catalogue/utils/list-filters";
import { t } from "@/features/catalogue/messages";
import { priceRangeLabel } from "@/features/catalogue/utils/filter-labels";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n";

/** The categories as the filter names them. */
const CATEGORY_LABELS: Record<Category, string> = {
  womans: t("catalogue.category.womans"),
  mans: t("catalogue.category.mans"),
  shoes: t("catalogue.category.shoes"),
  gadgets: t("catalogue.category.gadgets"),
};

export type FilterPanelProps = {
  filters: ListFilters;
  /** Counts per value; undefined while the first ones load (then nothing is disabled). */
  facets: ProductFacets | undefined;
  /** /products offers the categories; a category page's category is fixed. */
  showCategories: boolean;
  onChange: (change: Partial<ListFilters>) => void;
  onClear: () => void;
};

/**
 * Category, price, size, colour and availability, each value with the number of products it
 * would leave; a value that would leave none is disabled (unless chosen, so it can be undone).
 * Sizes and colours are those of the products in view (a shoe page shows shoe sizes).
 */
export function FilterPanel({ filters, facets, showCategories, onChange, onClear }: FilterPanelProps) {
  const name = useId();
  const customPrice =
    (filters.minPrice !== undefined || filters.maxPrice !== undefined) &&
    !PRICE_RANGE_CHOICES.some((range) => isSelectedRange(filters, range));

  return (
    <div className="flex flex-col gap-6">
      {showCategories ? (
        <FilterGroup legend={t("catalogue.filter.category")}>
          <FilterOption
            type="radio"
            name={`${name}-category`}
            label={t("catalogue.filter.allCategories")}
            checked={filters.category === undefined}
            onChange={() => onChange({ category: undefined })}
          />
          {CATEGORIES.map((category: Category) => (
            <FilterOption
              key={category}
              type="radio"
              name={`${name}-category`}
              label={CATEGORY_LABELS[category]}
              count={facets?.categories.find((entry) => entry.value === category)?.count}
              checked={filters.category === category}
              onChange={() => onChange({ category })}
            />
          ))}
        </FilterGroup>
      ) : null}
      <FilterGroup legend={t("catalogue.filter.price")}>
        <FilterOption
          type="radio"
          name={`${name}-price`}
          label={t("catalogue.filter.anyPrice")}
          checked={filters.minPrice === undefined && filters.maxPrice === undefined}
          onChange={() => onChange({ minPrice: undefined, maxPrice: undefined })}
        />
        {PRICE_RANGE_CHOICES.map((range, index) => (
          <FilterOption
            key={priceRangeLabel(range)}
            type="radio"
            name={`${name}-price`}
            label={priceRangeLabel(range)}
            count={facets?.priceRanges[index]?.count}
            checked={isSelectedRange(filters, range)}
            onChange={() => onChange({ minPrice: range.min ?? undefined, maxPrice: range.max ?? undefined })}
          />
        ))}
        {customPrice ? (
          <FilterOption
            type="radio"
            name={`${name}-price`}
            label={priceRangeLabel({ min: filters.minPrice ?? 0, max: filters.maxPrice ?? null })}
            checked
            onChange={() => {}}
          />
        ) : null}
      </FilterGroup>
      <OptionValueGroup
        legend={t("catalogue.filter.size")}
        name={`${name}-size`}
        anyLabel={t("catalogue.filter.anySize")}
        values={facets?.sizes}
        chosen={filters.size}
        layout="chips"
        onChange={(size) => onChange({ size })}
      />
      <OptionValueGroup
        legend={t("catalogue.filter.colour")}
        name={`${name}-colour`}
        anyLabel={t("catalogue.filter.anyColour")}
        values={facets?.colours}
        chosen={filters.colour}
        layout="list"
        onChange={(colour) => onChange({ colour })}
      />
      <FilterGroup legend={t("catalogue.filter.availability")}>
        <FilterOption
          type="checkbox"
          label={t("catalogue.filter.inStock")}
          count={facets?.inStock}
          checked={filters.inStock}
          onChange={(checked) => onChange({ inStock: checked })}
        />
        <FilterOption
          type="checkbox"
          label={t("catalogue.filter.onSale")}
          count={facets?.onSale}
          checked={filters.onSale}
          onChange={(checked) => onChange({ onSale: checked })}
        />
      </FilterGroup>
      {activeFilterCount(filters) > 0 ? (
        <Button variant="secondary" size="sm" onClick={onClear} className="self-start">
          {t("catalogue.clearFilters")}
        </Button>
      ) : null}
    </div>
  );
}

type OptionValueGroupProps = {
  legend: string;
  name: string;
  anyLabel: string;
  /** The values with their counts; undefined while the first facets load. */
  values: ProductFacets["sizes"] | undefined;
  chosen: string | undefined;
  /** Sizes sit side by side as chips; colours one per line with a swatch. */
  layout: "chips" | "list";
  onChange: (value: string | undefined) => void;
};

/** Sizes or colours: nothing to offer (a gadget page) hides the group, unless one is chosen. */
function OptionValueGroup({
  legend,
  name,
  anyLabel,
  values,
  chosen,
  layout,
  onChange,
}: OptionValueGroupProps) {
  const offered = values ?? [];
  // A chosen value the products in view do not have (a shared link) stays, to be undone.
  const shown =
    chosen === undefined || offered.some((entry) => entry.value === chosen)
      ? offered
      : [...offered, { value: chosen, count: 0 }];
  if (shown.length === 0) return null;
  if (layout === "list") {
    return (
      <FilterGroup legend={legend}>
        <FilterOption
          type="radio"
          name={name}
          label={anyLabel}
          checked={chosen === undefined}
          onChange={() => onChange(undefined)}
        />
        {shown.map((entry) => (
          <FilterOption
            key={entry.value}
            type="radio"
            name={name}
            label={entry.value}
            swatch={entry.value}
            count={entry.count}
            checked={chosen === entry.value}
            onChange={() => onChange(entry.value)}
          />
        ))}
      </FilterGroup>
    );
  }
  return (
    <FilterGroup legend={legend} layout="chips">
      <FilterChip
        name={name}
        label={t("catalogue.filter.any")}
        srLabel={anyLabel}
        checked={chosen === undefined}
        onChange={() => onChange(undefined)}
      />
      {shown.map((entry) => (
        <FilterChip
          key={entry.value}
          name={name}
          label={entry.value}
          count={entry.count}
          checked={chosen === entry.value}
          onChange={() => onChange(entry.value)}
        />
      ))}
    </FilterGroup>
  );
}

function FilterGroup({
  legend,
  layout = "list",
  children,
}: {
  legend: string;
  layout?: "list" | "chips";
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold tracking-wide text-ink uppercase">{legend}</legend>
      <div className={layout === "chips" ? "flex flex-wrap gap-2" : "flex flex-col gap-1"}>{children}</div>
    </fieldset>
  );
}

type FilterChipProps = {
  name: string;
  label: string;
  /** What a screen reader hears instead of a terse label ("Any" → "Any size"). */
  srLabel?: string;
  count?: number | undefined;
  checked: boolean;
  onChange: () => void;
};

/** A radio shown as a small button; one that would leave nothing is crossed out and disabled. */
function FilterChip({ name, label, srLabel, count, checked, onChange }: FilterChipProps) {
  const disabled = count === 0 && !checked;
  return (
    <label
      className={cn(
        "flex min-h-10 min-w-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm tabular-nums",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2",
        checked ? "border-ink bg-ink text-white" : "border-stone-300 bg-white text-ink hover:border-ink",
        disabled && "cursor-not-allowed border-stone-200 text-ink-muted line-through hover:border-stone-200",
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="sr-only"
      />
      <span aria-hidden={srLabel ? true : undefined}>{label}</span>
      {srLabel ? <span className="sr-only">{srLabel}</span> : null}
      {count !== undefined ? (
        <span className={cn("ml-1.5 text-xs", checked ? "text-stone-300" : "text-ink-muted")}>
          {formatNumber(count)}
          <span className="sr-only"> {t("catalogue.productsNoun", { count })}</span>
        </span>
      ) : null}
    </label>
  );
}

type FilterOptionProps = {
  type: "radio" | "checkbox";
  name?: string;
  label: string;
  /** A colour's name drawn as a dot beside it (CSS knows the common colour names). */
  swatch?: string;
  count?: number | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

function FilterOption({ type, name, label, swatch, count, checked, onChange }: FilterOptionProps) {
  const disabled = count === 0 && !checked;
  return (
    <label
      className={cn(
        "flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-ink hover:bg-stone-100",
        disabled && "cursor-not-allowed text-ink-muted hover:bg-transparent",
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-brand-600"
      />
      {swatch ? (
        <span
          aria-hidden
          className="size-4 shrink-0 rounded-full border border-stone-300"
          style={{ backgroundColor: swatch.toLowerCase() }}
        />
      ) : null}
      <span className="flex-1">{label}</span>
      {count !== undefined ? (
        <span className="text-xs text-ink-muted tabular-nums">
          {formatNumber(count)}
          <span className="sr-only"> {t("catalogue.productsNoun", { count })}</span>
        </span>
      ) : null}
    </label>
  );
}
