import type { TotalsView } from "@shop/contract/money";

import { Price } from "@/components/price";
import { cn } from "@/lib/cn";
import { t } from "@/components/messages";

export type MoneyFiguresProps = {
  totals: TotalsView;
  shippingMethod?: string | null;
  couponCode?: string | null;
  /** The test id of the total (pages and tests find the amount by it). */
  totalTestId?: string;
  className?: string;
};

/**
 * The server's figures in one order everywhere (bag, checkout, order, mail): subtotal, discount,
 * shipping, tax (included in the prices or added), total.
 */
export function MoneyFigures({
  totals,
  shippingMethod,
  couponCode,
  totalTestId,
  className,
}: MoneyFiguresProps) {
  return (
    <dl className={cn("space-y-2 text-sm", className)}>
      <Row label={t("components.subtotal")} testId="money-subtotal">
        <Price amount={totals.subtotal} />
      </Row>
      {totals.discount > 0 ? (
        <Row
          label={couponCode ? t("components.discountOf", { code: couponCode }) : t("components.discount")}
          testId="money-discount"
        >
          −<Price amount={totals.discount} />
        </Row>
      ) : null}
      <Row
        label={
          shippingMethod ? t("components.shippingOf", { method: shippingMethod }) : t("components.shipping")
        }
        testId="money-shipping"
      >
        {totals.shipping === 0 ? t("components.free") : <Price amount={totals.shipping} />}
      </Row>
      {totals.tax > 0 ? (
        <Row label={t(totals.taxIncluded ? "components.taxIncluded" : "components.tax")} testId="money-tax">
          <Price amount={totals.tax} />
        </Row>
      ) : null}
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-2 text-base">
        <dt className="font-semibold text-ink">{t("components.total")}</dt>
        <dd className="text-xl font-bold text-ink" data-testid={totalTestId}>
          <Price amount={totals.total} />
        </dd>
      </div>
    </dl>
  );
}

function Row({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
