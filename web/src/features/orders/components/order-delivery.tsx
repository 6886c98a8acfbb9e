import type { Order } from "@shop/contract/orders";

import { cn } from "@/lib/cn";

/** Where the order goes and how it was paid. */
export function OrderDelivery({ order, className }: { order: Order; className?: string }) {
  const { delivery, payment } = order;
  return (
    <dl className={cn("grid gap-5 text-sm sm:grid-cols-2", className)}>
      <div>
        <dt className="font-semibold text-ink">Delivery to</dt>
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
        <dt className="font-semibold text-ink">{payment.status === "paid" ? "Paid with" : "Payment"}</dt>
        <dd className="mt-1 leading-relaxed text-ink-muted">
          {payment.last4 ? (
            <>
              Card ending in <span className="tabular-nums">{payment.last4}</span>
            </>
          ) : payment.status === "paid" ? (
            "Card, on Stripe’s secure page"
          ) : payment.status === "awaiting" ? (
            "Awaiting payment on Stripe’s secure page"
          ) : (
            "Not paid: nothing was charged"
          )}
          {payment.provider === "test" ? (
            <>
              <br />
              Test payment: no money moved
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
