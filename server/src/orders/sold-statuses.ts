import type { OrderStatus } from "@shop/contract/orders";

/** Statuses that count as sold (best sellers, the best-selling order of product lists). */
export const SOLD_STATUSES: OrderStatus[] = ["paid", "shipped", "delivered"];
