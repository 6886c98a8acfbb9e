import { useId } from "react";

import { buttonClassName } from "@/components/button";
import { CART_PAGE_TEXT } from "@/features/cart/texts";
import { t } from "@/features/cart/messages";

export type CartLoadMoreProps = {
  shown: number;
  total: number;
  hasMore: boolean;
  onLoadMore: () => void;
};

/** "Showing 5 of 11 products" and SPEC's 'Load more...' while lines are still hidden. */
export function CartLoadMore({ shown, total, hasMore, onLoadMore }: CartLoadMoreProps) {
  const countId = useId();
  return (
    <div className="mt-6 flex flex-col items-center gap-3">
      <p id={countId} className="text-sm text-ink-muted" aria-live="polite">
        {t("cart.showing", { shown, total })}
      </p>
      {hasMore ? (
        <button
          type="button"
          aria-describedby={countId}
          onClick={onLoadMore}
          className={buttonClassName({ variant: "secondary", size: "lg", className: "min-w-48" })}
        >
          {CART_PAGE_TEXT.loadMore}
        </button>
      ) : null}
    </div>
  );
}
