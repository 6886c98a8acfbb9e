import type { OrderStatus } from "@shop/contract/orders";
import type { PageSizes } from "@/config/ui";

/**
 * The colours of each status's badge (text keeps 4.5:1 on its background); its name is the
 * message `orders.status`.
 */
export const ORDER_STATUS_DISPLAY: Record<OrderStatus, { badge: string }> = {
  awaiting_payment: { badge: "bg-violet-50 text-violet-800 ring-violet-200" },
  paid: { badge: "bg-sky-50 text-sky-800 ring-sky-200" },
  shipped: { badge: "bg-amber-50 text-amber-900 ring-amber-300" },
  delivered: { badge: "bg-green-50 text-green-800 ring-green-200" },
  cancelled: { badge: "bg-stone-100 text-stone-700 ring-stone-300" },
};

/** My Orders and All Orders: 10 orders first, plus 10 per 'Load More...'. */
export const ORDERS_PAGE_SIZES: PageSizes = { first: 10, step: 10 };
