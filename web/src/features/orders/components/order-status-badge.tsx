import type { OrderStatus } from "@shop/contract/orders";

import { ORDER_STATUS_DISPLAY } from "@/features/orders/config";
import { t } from "@/features/orders/messages";
import { cn } from "@/lib/cn";

/** The order's status as a coloured pill; "Status:" is read out before it. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { badge } = ORDER_STATUS_DISPLAY[status];
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ring-1 ring-inset",
        badge,
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      <span className="sr-only">{t("orders.statusPrefix")} </span>
      {t("orders.status", { status })}
    </span>
  );
}
