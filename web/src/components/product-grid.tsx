import type { Product } from "@shop/contract/catalogue";
import type { ReactNode, Ref } from "react";

import { ProductCard, type ProductCardProps } from "@/components/product-card";
import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

/** SPEC: 1 column on small screens, 2 on medium and 4 on large. */
const GRID_CLASSES = "grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6";

/** How many cards are in the first screenful at 1280 px (one row): their images load at once. */
const EAGER_IMAGES = 4;

export type ProductGridProps = {
  products: readonly Product[];
  /** Names the list for assistive technology, e.g. "Best sellers". */
  label: string;
  variant?: ProductCardProps["variant"];
  headingLevel?: ProductCardProps["headingLevel"];
  /**
   * Images of the first row load eagerly when the grid is near the top of the page, the first
   * one (the largest image on a phone) at high priority.
   */
  aboveTheFold?: boolean;
  listRef?: Ref<HTMLUListElement>;
  className?: string;
  /** What each card shows over its picture's corner (the catalogue's wishlist heart). */
  corner?: (product: Product) => ReactNode;
};

export function ProductGrid({
  products,
  label,
  variant,
  headingLevel,
  aboveTheFold = false,
  listRef,
  className,
  corner,
}: ProductGridProps) {
  return (
    <ul ref={listRef} aria-label={label} className={cn(GRID_CLASSES, className)}>
      {products.map((product, index) => (
        <li key={product._id} data-index={index}>
          <ProductCard
            product={product}
            variant={variant}
            headingLevel={headingLevel}
            imageLoading={aboveTheFold && index < EAGER_IMAGES ? "eager" : "lazy"}
            imagePriority={aboveTheFold && index === 0 ? "high" : "auto"}
            corner={corner?.(product)}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's own layout, so nothing jumps when the products arrive. */
export function ProductGridSkeleton({
  count,
  label = t("components.loadingProducts"),
  withActions = true,
  className,
}: {
  count: number;
  label?: string;
  withActions?: boolean;
  className?: string;
}) {
  return (
    <LoadingRegion label={label} className={cn(GRID_CLASSES, className)}>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white"
        >
          <Skeleton className="aspect-[4/3] rounded-none sm:aspect-square" />
          <div className="flex flex-col gap-2 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-6 w-1/3" />
            {withActions ? (
              <div className="mt-3 grid grid-cols-2 gap-2">
                <Skeleton className="h-9" />
                <Skeleton className="h-9" />
              </div>
            ) : null}
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
