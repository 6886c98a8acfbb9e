import type { OrderStatus } from "@shop/contract/orders";
import type { PageSizes } from "@/config/ui";

/** Texts of the order pages. */
export const ORDERS_TEXT = {
  myOrdersTitle: "My Orders",
  allOrdersTitle: "All Orders",
  listLabel: "Orders, newest first",
  loading: "Loading orders…",
  loadError: "We couldn’t load the orders",
  orderLoadError: "We couldn’t load this order",
  notFoundTitle: "We couldn’t find this order",
  notFoundBody: "It may belong to another account, or the link may be mistyped.",
  myOrdersEmptyTitle: "You have no orders yet",
  myOrdersEmptyBody: "When you buy something, your order and its status will be listed here.",
  allOrdersEmptyTitle: "No orders yet",
  browseProducts: "Browse products",
  confirmationTitle: "Thank you for your order!",
  keepShopping: "Continue shopping",
  viewMyOrders: "View My Orders",
  cancelBody: "The order is cancelled and its items go back into stock. This cannot be undone.",
  keepOrder: "Keep order",
} as const;

/** Each status as shown, with the colours of its badge (text keeps 4.5:1 on its background). */
export const ORDER_STATUS_DISPLAY: Record<OrderStatus, { label: string; badge: string }> = {
  awaiting_payment: { label: "Awaiting payment", badge: "bg-violet-50 text-violet-800 ring-violet-200" },
  paid: { label: "Paid", badge: "bg-sky-50 text-sky-800 ring-sky-200" },
  shipped: { label: "Shipped", badge: "bg-amber-50 text-amber-900 ring-amber-300" },
  delivered: { label: "Delivered", badge: "bg-green-50 text-green-800 ring-green-200" },
  cancelled: { label: "Cancelled", badge: "bg-stone-100 text-stone-700 ring-stone-300" },
};

/** My Orders and All Orders: 10 orders first, plus 10 per 'Load More...'. */
export const ORDERS_PAGE_SIZES: PageSizes = { first: 10, step: 10 };
