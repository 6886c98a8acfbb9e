import { orderSchema, type AdminOrdersQuery, type Order, type OrderStatus } from "@shop/contract/orders";
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from "@tanstack/react-query";

import { ORDERS_PAGE_SIZES } from "@/features/orders/config";
import { api, type ListResult, nextOffset } from "@/lib/api-client";
import { queryClient } from "@/lib/query-client";
import { sessionQueryOptions } from "@/lib/session";

const orderListSchema = orderSchema.array();

/** The All Orders filter: one status, or the orders whose payment needs a look (awaiting or flagged). */
export type AdminOrderFilter = OrderStatus | typeof PAYMENT_ATTENTION;
export const PAYMENT_ATTENTION = "payment-attention";

export const orderQueryKeys = {
  all: ["orders"] as const,
  mine: (email: string) => ["orders", "mine", email.toLowerCase()] as const,
  admin: (filters: AdminOrderFilters) => ["orders", "admin", filters] as const,
  detail: (orderId: string) => ["orders", "detail", orderId] as const,
};

/** 10 orders first, then 10 more per page: the limit of the page starting at `offset`. */
function pageRange(offset: number) {
  return { offset, limit: offset === 0 ? ORDERS_PAGE_SIZES.first : ORDERS_PAGE_SIZES.step };
}

/** GET /api/orders: the signed-in user's orders, newest first. */
export function getMyOrders(offset: number, signal?: AbortSignal) {
  return api.list("/orders", { query: pageRange(offset), schema: orderListSchema, signal });
}

/** All Orders' search, filters and sort (empty ones are left out of the request). */
export type AdminOrderFilters = Omit<AdminOrdersQuery, "limit" | "offset" | "after">;

/**
 * GET /api/admin/orders: every order matching the filters, in the order chosen; the page after
 * order number `after` (keyset paging: a shop's millionth order costs what its tenth does).
 */
export function getAdminOrders(filters: AdminOrderFilters, after: number | null, signal?: AbortSignal) {
  return api.list("/admin/orders", {
    query: {
      ...filters,
      limit: after === null ? ORDERS_PAGE_SIZES.first : ORDERS_PAGE_SIZES.step,
      ...(after === null ? {} : { after }),
    },
    schema: orderListSchema,
    signal,
  });
}

/** The number the next page starts after; none once a page came back short (the list's end). */
function nextAfter(pages: ListResult<Order>[]): number | undefined {
  const last = pages.at(-1);
  const size = pages.length === 1 ? ORDERS_PAGE_SIZES.first : ORDERS_PAGE_SIZES.step;
  return last && last.items.length === size ? last.items.at(-1)!.number : undefined;
}

/** GET /api/orders/{id}: one of mine (any order for an admin). */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/orders/${encodeURIComponent(orderId)}`, { schema: orderSchema, signal });
}

/** PATCH /api/admin/orders/{id}: the next status (409 when that step is not allowed). */
export function changeOrderStatus(orderId: string, status: OrderStatus): Promise<Order> {
  return api.patch(`/admin/orders/${encodeURIComponent(orderId)}`, { status }, { schema: orderSchema });
}

export const myOrdersQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: orderQueryKeys.mine(email),
    queryFn: ({ pageParam, signal }) => getMyOrders(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const adminOrdersQueryOptions = (filters: AdminOrderFilters) =>
  infiniteQueryOptions({
    queryKey: orderQueryKeys.admin(filters),
    queryFn: ({ pageParam, signal }) => getAdminOrders(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (_last, pages) => nextAfter(pages),
  });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderQueryKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });

/**
 * Starts reading the signed-in shopper's first orders beside the page's code (router.tsx): the
 * list no longer waits for the code to arrive before it is asked for. On a visit's first page it
 * waits for the sign-in check already on its way (the same request), then asks.
 */
export async function prefetchMyOrders() {
  const user = await queryClient.ensureQueryData(sessionQueryOptions).catch(() => null);
  if (user) await queryClient.prefetchInfiniteQuery(myOrdersQueryOptions(user.email));
}

/** A list read this recently (prefetchMyOrders, beside the page's code) is not read again on mount. */
const JUST_READ_MS = 3_000;

export function useMyOrders(email: string) {
  return useInfiniteQuery({
    ...myOrdersQueryOptions(email),
    enabled: email !== "",
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_READ_MS,
  });
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useInfiniteQuery(adminOrdersQueryOptions(filters));
}

/** One order; `initial` (e.g. the checkout's answer) shows at once while it is read again. */
export function useOrder(orderId: string, initial?: Order) {
  return useQuery({
    ...orderQueryOptions(orderId),
    initialData: initial?._id === orderId ? initial : undefined,
    // The checkout's answer is brand new: no need to ask again right away.
    staleTime: initial?._id === orderId ? 30_000 : 0,
  });
}

/** The orders of every cached list, flattened, for a page's rows. */
export function ordersOf(data: InfiniteData<ListResult<Order>> | undefined) {
  const pages = data?.pages ?? [];
  return { orders: pages.flatMap((page) => page.items), total: pages.at(-1)?.total ?? 0 };
}
