import type { CartLine } from "@shop/contract/cart";
import type { Quote } from "@shop/contract/money";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";

import { CardSection } from "@/components/card";
import { LineItemList } from "@/components/line-item";
import { MoneyFigures } from "@/components/money-figures";
import { Skeleton } from "@/components/skeleton";
import { paths } from "@/config/paths";
import { t } from "@/features/checkout/messages";
import { countItems } from "@/features/checkout/utils/checkout-lines";
import { formatNumber } from "@/lib/i18n";

/**
 * What is being bought: each line's unit price, quantity and total, the shipping and code choices
 * (`children`), and the server's figures down to the amount to pay.
 */
export function CheckoutSummary({
  lines,
  quote,
  children,
  className,
}: {
  lines: readonly CartLine[];
  quote: Quote | undefined;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const items = countItems(lines);
  return (
    <CardSection aria-labelledby={headingId} className={className}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {t("checkout.summaryHeading")}
        </h2>
        <Link
          to={paths.cart.getHref()}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("checkout.editCart")}
        </Link>
      </div>
      {lines.some((line) => line.priceWhenAdded !== null) ? (
        <p
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="prices-changed"
        >
          {t("checkout.pricesChanged")}
        </p>
      ) : null}
      <LineItemList
        label={t("checkout.productsToBuy")}
        lines={lines}
        keyOf={(line) => line._id}
        className="mt-4"
      />
      <p className="mt-2 flex justify-between gap-4 border-t border-line pt-4 text-sm">
        <span className="text-ink-muted">{t("checkout.items")}</span>
        <span className="tabular-nums">{formatNumber(items)}</span>
      </p>
      {children}
      {quote ? (
        <MoneyFigures
          totals={quote}
          shippingMethod={quote.shippingMethods.find((method) => method._id === quote.shippingMethodId)?.name}
          couponCode={quote.coupon?.applied ? quote.coupon.code : null}
          totalTestId="checkout-total"
          className="mt-4 border-t border-line pt-4"
        />
      ) : (
        <Skeleton className="mt-4 h-24 w-full" />
      )}
    </CardSection>
  );
}
