import type { OrderStatus } from "@shop/contract/orders";

import { t } from "@/features/orders/messages";
import { cn } from "@/lib/cn";

/** The road of an order that is not cancelled. */
const STEPS = ["paid", "shipped", "delivered"] as const satisfies readonly OrderStatus[];

/** Where the order is: Paid → Shipped → Delivered, the current step marked; or that it was cancelled. */
export function OrderProgress({ status }: { status: OrderStatus }) {
  if (status === "cancelled") {
    return (
      <ProgressNote lead={t("orders.progress.cancelledLead")} rest={t("orders.progress.cancelledRest")} />
    );
  }
  if (status === "awaiting_payment") {
    return <ProgressNote lead={t("orders.progress.awaitingLead")} rest={t("orders.progress.awaitingRest")} />;
  }
  const current = STEPS.indexOf(status);
  return (
    <ol aria-label={t("orders.progress.label")} className="grid grid-cols-3 gap-2">
      {STEPS.map((step, index) => {
        const reached = index <= current;
        return (
          <li
            key={step}
            aria-current={index === current ? "step" : undefined}
            className="flex flex-col gap-2 text-sm"
          >
            <span
              aria-hidden="true"
              className={cn("h-1.5 rounded-full", reached ? "bg-brand-600" : "bg-stone-200")}
            />
            <span className={cn(reached ? "font-semibold text-ink" : "text-ink-muted")}>
              {t("orders.status", { status: step })}
              <span className="sr-only">
                {" "}
                {reached ? t("orders.progress.done") : t("orders.progress.notYet")}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** An order off the road (cancelled, or not paid yet): a bold lead and the rest of the sentence. */
function ProgressNote({ lead, rest }: { lead: string; rest: string }) {
  return (
    <p className="text-sm text-ink-muted">
      <strong className="font-semibold text-ink">{lead}</strong> {rest}
    </p>
  );
}
