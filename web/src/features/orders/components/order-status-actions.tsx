import type { Order, OrderStatus } from "@shop/contract/orders";
import { useState } from "react";

import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useChangeOrderStatus } from "@/features/orders/api/change-order-status";
import { t } from "@/features/orders/messages";
import { orderActions, type OrderAction } from "@/features/orders/utils/order-actions";
import { orderTitle } from "@/features/orders/utils/order-format";
import { cn } from "@/lib/cn";

export type OrderStatusActionsProps = {
  order: Order;
  /** Stretch the buttons over the width (cards on small screens). */
  full?: boolean;
  className?: string;
};

/**
 * An admin's buttons for one order: only the next steps ORDER_TRANSITIONS allows (paid: Mark
 * shipped, Cancel order; shipped: Mark delivered; none after that). Cancelling asks first.
 */
export function OrderStatusActions({ order, full = false, className }: OrderStatusActionsProps) {
  const change = useChangeOrderStatus();
  const [confirming, setConfirming] = useState<OrderAction | null>(null);
  const [pendingStatus, setPendingStatus] = useState<OrderStatus | null>(null);
  const actions = orderActions(order.status);
  if (actions.length === 0) return null;

  const run = (action: OrderAction) => {
    if (change.isPending) return;
    setPendingStatus(action.next);
    change.mutate(
      { order, status: action.next },
      {
        onSettled: () => {
          setPendingStatus(null);
          setConfirming(null);
        },
      },
    );
  };
  const title = orderTitle(order.number);

  return (
    <div className={cn(full ? "grid auto-cols-fr grid-flow-col gap-2" : "flex flex-wrap gap-2", className)}>
      {actions.map((action) =>
        action.tone === "danger" ? (
          <button
            key={action.next}
            type="button"
            aria-label={t("orders.actionFor", { action: action.label, title })}
            disabled={change.isPending}
            onClick={() => setConfirming(action)}
            className={cn(
              "inline-flex min-h-9 shrink-0 items-center justify-center rounded-lg bg-white px-3 py-1.5",
              "text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-300 ring-inset",
              "transition-colors duration-150 hover:bg-red-50 active:bg-red-100",
              "disabled:cursor-not-allowed disabled:opacity-60",
              full && "w-full",
            )}
          >
            {action.label}
          </button>
        ) : (
          <Button
            key={action.next}
            size="sm"
            full={full}
            aria-label={t("orders.actionFor", { action: action.label, title })}
            isLoading={pendingStatus === action.next}
            disabled={change.isPending}
            onClick={() => run(action)}
          >
            {action.label}
          </Button>
        ),
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t("orders.cancelConfirmTitle", { number: order.number })}
        confirmLabel={confirming?.label ?? ""}
        cancelLabel={t("orders.keepOrder")}
        isConfirming={change.isPending}
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>{t("orders.cancelBody")}</p>
      </ConfirmDialog>
    </div>
  );
}
