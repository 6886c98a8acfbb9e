import type { CartLine } from "@shop/contract/cart";
import { useId } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { CouponField } from "@/components/coupon-field";
import { LockIcon } from "@/components/page-icons";
import { MoneyFigures } from "@/components/money-figures";
import { Price } from "@/components/price";
import { QueryError } from "@/components/query-error";
import { Spinner } from "@/components/spinner";
import { checkoutPath } from "@/config/paths";
import { CART_PAGE_TEXT } from "@/features/cart/texts";
import { cartTotal } from "@/features/cart/utils/cart-lines";
import { countCartItems } from "@/lib/cart";
import { useCouponCode, useQuote } from "@/lib/cart-quote";
import { t } from "@/features/cart/messages";

export type CartSummaryProps = {
  /** Every line of the cart, also those not shown yet. */
  lines: readonly CartLine[];
  className?: string;
};

/**
 * The whole cart in numbers, priced by the server as checkout prices it (subtotal, discount,
 * shipping, tax, total), the discount code (checkout applies the same one), and the way on.
 */
export function CartSummary({ lines, className }: CartSummaryProps) {
  const headingId = useId();
  const items = countCartItems(lines);
  const [couponCode, setCouponCode] = useCouponCode();
  const cartVersion = lines.map((line) => `${line._id}:${line.quantity}`).join(",");
  const quote = useQuote({ couponCode: couponCode || undefined }, cartVersion);
  const shippingMethod = quote.data?.shippingMethods.find(
    (method) => method._id === quote.data?.shippingMethodId,
  );
  const appliedCode = quote.data?.coupon?.applied ? quote.data.coupon.code : null;
  return (
    <CardSection aria-labelledby={headingId} className={className}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {t("cart.summary")}
        </h2>
        {quote.isPlaceholderData ? (
          // The figures below stay readable (not faded) until the new ones are in.
          <Spinner size="sm" label={CART_PAGE_TEXT.quoteUpdating} showLabel className="gap-2" />
        ) : null}
      </div>
      <dl className="mt-4 space-y-2 border-b border-line pb-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t("cart.products")}</dt>
          <dd className="tabular-nums">{lines.length}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t("cart.items")}</dt>
          <dd className="tabular-nums">{items}</dd>
        </div>
      </dl>
      {quote.data ? (
        <div aria-busy={quote.isPlaceholderData}>
          <MoneyFigures
            totals={quote.data}
            shippingMethod={shippingMethod?.name ?? null}
            couponCode={appliedCode}
            totalTestId="cart-total"
            className="mt-3"
          />
          {quote.data.shippingMethods.length > 1 ? (
            <p className="mt-2 text-xs text-ink-muted">{CART_PAGE_TEXT.shippingAtCheckout}</p>
          ) : null}
        </div>
      ) : quote.isError ? (
        <QueryError
          compact
          className="mt-3"
          title={CART_PAGE_TEXT.quoteError}
          error={quote.error}
          isRetrying={quote.isFetching}
          onRetry={() => void quote.refetch()}
        />
      ) : (
        // While the server prices the cart: the sum of its lines, which the subtotal will be.
        <dl className="mt-3 text-sm" aria-busy="true">
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">{t("cart.subtotal")}</dt>
            <dd className="tabular-nums">
              <Price amount={cartTotal(lines)} />
            </dd>
          </div>
        </dl>
      )}
      <CouponField quote={quote.data} couponCode={couponCode} onApply={setCouponCode} className="mt-4" />
      <Button to={checkoutPath()} size="lg" full className="mt-5" icon={<LockIcon className="size-5" />}>
        {t("cart.checkout")}
      </Button>
    </CardSection>
  );
}
