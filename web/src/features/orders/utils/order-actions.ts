import { ORDER_TRANSITIONS, type OrderStatus } from "@shop/contract/orders";

export type OrderAction = {
  /** The status the order moves to. */
  next: OrderStatus;
  label: string;
  /** Cannot be undone: asked in a confirmation dialog first. */
  confirm: boolean;
  tone: "primary" | "danger";
};

const ACTIONS: Record<OrderStatus, Omit<OrderAction, "next">> = {
  // Never a next step: only the provider's events move an order out of it.
  awaiting_payment: { label: "Await payment", confirm: false, tone: "primary" },
  paid: { label: "Mark paid", confirm: false, tone: "primary" },
  shipped: { label: "Mark shipped", confirm: false, tone: "primary" },
  delivered: { label: "Mark delivered", confirm: false, tone: "primary" },
  cancelled: { label: "Cancel order", confirm: true, tone: "danger" },
};

/** The buttons an admin gets for an order: exactly the next steps ORDER_TRANSITIONS allows. */
export function orderActions(status: OrderStatus): OrderAction[] {
  return ORDER_TRANSITIONS[status].map((next) => ({ next, ...ACTIONS[next] }));
}
