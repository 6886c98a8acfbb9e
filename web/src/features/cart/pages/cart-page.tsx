import type { CartLine } from "@shop/contract/cart";
import { useRef, useState, type RefObject } from "react";

import { Button } from "@/components/button";
import { ConfirmItemDialog, useConfirmation } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { CartIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PAGE_HEADING_CLASSES } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { APP_NAME } from "@/config/app";
import { paths } from "@/config/paths";
import { CART_PAGE_SIZES } from "@/features/cart/config";
import { useCart } from "@/features/cart/api/get-cart";
import { useRemoveCartLine } from "@/features/cart/api/remove-cart-line";
import { CartLineCards } from "@/features/cart/components/cart-line-cards";
import { CartLoadMore } from "@/features/cart/components/cart-load-more";
import { CartSkeleton } from "@/features/cart/components/cart-skeleton";
import { CartSummary } from "@/features/cart/components/cart-summary";
import { CartTable, LINE_INDEX_ATTRIBUTE } from "@/features/cart/components/cart-table";
import { CART_PAGE_TEXT } from "@/features/cart/texts";
import { hasMoreLines, shownLineCount } from "@/features/cart/utils/cart-lines";
import { countCartItems } from "@/lib/cart";
import { t } from "@/features/cart/messages";

/**
 * /cart (SPEC section 2): the shopper's lines, 5 first and 5 more per 'Load more...', a table on
 * wide screens and cards on small ones, the cart total, Pay (not available yet) and Remove behind
 * a confirmation. Loading, error and empty states have their own screens.
 */
export function CartPage() {
  const cart = useCart();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const remove = useRemoveCartLine();
  const removal = useConfirmation<CartLine>(
    (line, close) => remove.mutate(line, { onSettled: close }),
    remove.isPending,
  );

  return (
    <PageContainer>
      <CartHeading headingRef={headingRef} lines={cart.data} />
      <QueryStates
        query={cart}
        pending={<CartSkeleton />}
        errorTitle={CART_PAGE_TEXT.loadError}
        isEmpty={(lines) => lines.length === 0}
        empty={
          <EmptyState
            title={CART_PAGE_TEXT.emptyTitle}
            icon={<CartIcon className="size-6" />}
            action={<Button to={paths.products.getHref()}>{CART_PAGE_TEXT.emptyAction}</Button>}
          >
            {CART_PAGE_TEXT.emptyBody}
          </EmptyState>
        }
      >
        {(lines) => <CartContents lines={lines} onRemove={removal.ask} />}
      </QueryStates>
      <ConfirmItemDialog
        confirmation={removal}
        title={CART_PAGE_TEXT.removeQuestion}
        confirmLabel={CART_PAGE_TEXT.removeConfirm}
        cancelLabel={CART_PAGE_TEXT.removeCancel}
        fallbackFocusRef={headingRef}
      >
        {(line) => (
          <p>
            <strong className="font-semibold text-ink">{line.name}</strong>{" "}
            {t("cart.willBeRemoved", { quantity: line.quantity })}
          </p>
        )}
      </ConfirmItemDialog>
    </PageContainer>
  );
}

/** The page heading; it takes focus when the line that opened a dialog is gone (it was deleted). */
function CartHeading({
  headingRef,
  lines,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  lines: readonly CartLine[] | undefined;
}) {
  const items = lines ? countCartItems(lines) : 0;
  return (
    <div className="mb-8">
      <title>{t("cart.documentTitle", { title: CART_PAGE_TEXT.title, shop: APP_NAME })}</title>
      <h1 ref={headingRef} tabIndex={-1} className={PAGE_HEADING_CLASSES}>
        {CART_PAGE_TEXT.title}
      </h1>
      {lines && lines.length > 0 ? (
        <p className="mt-3 text-base text-ink-muted">{t("cart.counts", { products: lines.length, items })}</p>
      ) : null}
    </div>
  );
}

function CartContents({
  lines,
  onRemove,
}: {
  lines: readonly CartLine[];
  onRemove: (line: CartLine, opener: HTMLElement) => void;
}) {
  const [loadMoreClicks, setLoadMoreClicks] = useState(0);
  const listsRef = useRef<HTMLDivElement>(null);
  const shown = shownLineCount(lines.length, loadMoreClicks, CART_PAGE_SIZES);
  const visible = lines.slice(0, shown);

  const loadMore = () => {
    const firstNew = shown;
    setLoadMoreClicks((clicks) => clicks + 1);
    // Once the new lines are on screen, keyboard focus carries on at the first of them.
    requestAnimationFrame(() => {
      const candidates = listsRef.current?.querySelectorAll<HTMLElement>(
        `[${LINE_INDEX_ATTRIBUTE}="${firstNew}"]`,
      );
      const onScreen = Array.from(candidates ?? []).find((element) => element.getClientRects().length > 0);
      onScreen?.focus();
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <div ref={listsRef}>
        <CartTable lines={visible} onRemove={onRemove} className="hidden md:block" />
        <CartLineCards lines={visible} onRemove={onRemove} className="md:hidden" />
        {lines.length > CART_PAGE_SIZES.first ? (
          <CartLoadMore
            shown={shown}
            total={lines.length}
            hasMore={hasMoreLines(lines.length, shown)}
            onLoadMore={loadMore}
          />
        ) : null}
      </div>
      <CartSummary
        lines={lines}
        className="md:ml-auto md:w-full md:max-w-md lg:sticky lg:top-24 lg:max-w-none"
      />
    </div>
  );
}
