import type { Category, ProductFacets } from "@shop/contract/catalogue";
import { CATEGORIES } from "@shop/contract/catalogue-constants";
import { useId, type ReactNode } from "react";

import { Button } from "@/components/button";
import { categoryDisplay } from "@/config/categories";
import {
  activeFilterCount,
  isSelectedRange,
  PRICE_RANGE_CHOICES,
  priceRangeLabel,
  type ListFilters,
} from "@/features/catalogue/utils/list-filters";
import { cn } from "@/lib/cn";

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
 * Category, price and availability, each value with the number of products it would leave; a
 * value that would leave none is disabled (unless chosen, so it can be undone). A new facet
 * (size, colour) is one more <FilterGroup> of options.
 */
export function FilterPanel({ filters, facets, showCategories, onChange, onClear }: FilterPanelProps) {
  const name = useId();
  const customPrice =
    (filters.minPrice !== undefined || filters.maxPrice !== undefined) &&
    !PRICE_RANGE_CHOICES.some((range) => isSelectedRange(filters, range));

  return (
    <div className="flex flex-col gap-6">
      {showCategories ? (
        <FilterGroup legend="Category">
          <FilterOption
            type="radio"
            name={`${name}-category`}
            label="All categories"
            checked={filters.category === undefined}
            onChange={() => onChange({ category: undefined })}
          />
          {CATEGORIES.map((category: Category) => (
            <FilterOption
              key={category}
              type="radio"
              name={`${name}-category`}
              label={categoryDisplay[category].label}
              count={facets?.categories.find((entry) => entry.value === category)?.count}
              checked={filters.category === category}
              onChange={() => onChange({ category })}
            />
          ))}
        </FilterGroup>
      ) : null}
      <FilterGroup legend="Price">
        <FilterOption
          type="radio"
          name={`${name}-price`}
          label="Any price"
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
      <FilterGroup legend="Availability">
        <FilterOption
          type="checkbox"
          label="In stock only"
          count={facets?.inStock}
          checked={filters.inStock}
          onChange={(checked) => onChange({ inStock: checked })}
        />
      </FilterGroup>
      {activeFilterCount(filters) > 0 ? (
        <Button variant="secondary" size="sm" onClick={onClear} className="self-start">
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold tracking-wide text-ink uppercase">{legend}</legend>
      <div className="flex flex-col gap-1">{children}</div>
    </fieldset>
  );
}

type FilterOptionProps = {
  type: "radio" | "checkbox";
  name?: string;
  label: string;
  count?: number | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

function FilterOption({ type, name, label, count, checked, onChange }: FilterOptionProps) {
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
      <span className="flex-1">{label}</span>
      {count !== undefined ? (
        <span className="text-xs text-ink-muted tabular-nums">
          {count}
          <span className="sr-only"> {count === 1 ? "product" : "products"}</span>
        </span>
      ) : null}
    </label>
  );
}
