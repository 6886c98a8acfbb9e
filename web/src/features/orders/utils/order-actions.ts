import { ORDER_TRANSITIONS, type OrderStatus } from "@shop/contract/orders";

import { t } from "@/features/orders/messages";

export type OrderAction = {
  /** The status the order moves to. */
  next: OrderStatus;
  label: string;
  /** Cannot be undone: asked in a confirmation dialog first. */
  confirm: boolean;
  tone: "primary" | "danger";
};

// Each label is the message `orders.action` for its next status.
const ACTIONS: Record<OrderStatus, Omit<OrderAction, "next" | "label">> = {
  // Never a next step: only the provider's events move an order out of it.
  awaiting_payment: { confirm: false, tone: "primary" },
  paid: { confirm: false, tone: "primary" },
  shipped: { confirm: false, tone: "primary" },
  delivered: { confirm: false, tone: "primary" },
  cancelled: { confirm: true, tone: "danger" },
};

/** The buttons an admin gets for an order: exactly the next steps ORDER_TRANSITIONS allows. */
export function orderActions(status: OrderStatus): OrderAction[] {
  return ORDER_TRANSITIONS[status].map((next) => ({
    next,
    label: t("orders.action", { next }),
    ...ACTIONS[next],
  }));
}
