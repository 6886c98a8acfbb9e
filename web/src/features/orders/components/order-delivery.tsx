import type { Order } from "@shop/contract/orders";

import { t } from "@/features/orders/messages";
import { cn } from "@/lib/cn";

/** Where the order goes and how it was paid. */
export function OrderDelivery({ order, className }: { order: Order; className?: string }) {
  const { delivery, payment } = order;
  return (
    <dl className={cn("grid gap-5 text-sm sm:grid-cols-2", className)}>
      <div>
        <dt className="font-semibold text-ink">{t("orders.delivery.to")}</dt>
        <dd className="mt-1 leading-relaxed break-words text-ink-muted">
          {delivery.name}
          <br />
          {delivery.address}
          <br />
          {delivery.city}
          <br />
          {delivery.phone}
        </dd>
      </div>
      <div>
        <dt className="font-semibold text-ink">
          {payment.status === "paid" ? t("orders.delivery.paidWith") : t("orders.delivery.payment")}
        </dt>
        <dd className="mt-1 leading-relaxed text-ink-muted">
          {payment.last4 ? (
            <span className="tabular-nums">{t("orders.delivery.cardEnding", { last4: payment.last4 })}</span>
          ) : payment.status === "paid" ? (
            t("orders.delivery.stripeCard")
          ) : payment.status === "awaiting" ? (
            t("orders.delivery.stripeAwaiting")
          ) : (
            t("orders.delivery.notPaid")
          )}
          {payment.provider === "test" ? (
            <>
              <br />
              {t("orders.delivery.testPayment")}
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
