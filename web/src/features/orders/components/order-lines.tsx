import type { Order } from "@shop/contract/orders";

import { LineItemList } from "@/components/line-item";
import { MoneyFigures } from "@/components/money-figures";
import { Price } from "@/components/price";
import { t } from "@/features/orders/messages";

/**
 * The products of an order as bought (name, image and price as they were then), the figures that
 * make its total, and every refund paid back on it.
 */
export function OrderLines({ order, className }: { order: Order; className?: string }) {
  return (
    <div className={className}>
      <LineItemList
        label={t("orders.lines.label")}
        lines={order.lines}
        keyOf={(line, index) => `${line.productId ?? "gone"}-${index}`}
        optionsTestId="order-line-options"
      />
      <MoneyFigures
        totals={order.money}
        shippingMethod={order.money.shippingMethod}
        couponCode={order.money.couponCode}
        totalTestId="order-total"
        className="border-t border-line pt-4"
      />
      {order.refunds.length > 0 ? (
        <div className="mt-4 border-t border-line pt-4 text-sm">
          <h3 className="font-semibold text-ink">{t("orders.refunds.heading")}</h3>
          <ul aria-label={t("orders.refunds.heading")} className="mt-2 space-y-1">
            {order.refunds.map((refund) => (
              <li key={refund._id} className="flex justify-between gap-4">
                <span className="text-ink-muted">
                  {refund.reason} · {t("orders.refundStatus", { status: refund.status })}
                </span>
                <span className="tabular-nums">
                  −<Price amount={refund.amount} />
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between gap-4 font-semibold">
            <span>{t("orders.refunded")}</span>
            <span data-testid="order-refunded">
              <Price amount={order.money.refunded} />
            </span>
          </p>
        </div>
      ) : null}
    </div>
  );
}
