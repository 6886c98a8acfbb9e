import type { Order } from "@shop/contract/orders";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { LoadMore } from "@/components/load-more";
import { QueryError } from "@/components/query-error";
import { QueryStates } from "@/components/query-states";
import { ORDERS_PAGE_SIZES } from "@/features/orders/config";
import { ordersOf } from "@/features/orders/api/orders";
import { OrderList } from "@/features/orders/components/order-list";
import { OrdersSkeleton } from "@/features/orders/components/orders-skeleton";
import { t } from "@/features/orders/messages";
import type { ListResult } from "@/lib/api-client";

export type OrderListViewProps = {
  query: UseInfiniteQueryResult<InfiniteData<ListResult<Order>>>;
  admin?: boolean;
  /** What to show when there are no orders. */
  empty: ReactNode;
};

/** A paged list of orders with its loading, error (with retry), empty and 'Load More...' states. */
export function OrderListView({ query, admin = false, empty }: OrderListViewProps) {
  const { orders, total } = ordersOf(query.data);
  return (
    <QueryStates
      query={query}
      pending={<OrdersSkeleton />}
      errorTitle={t("orders.loadError")}
      isEmpty={() => orders.length === 0}
      empty={empty}
    >
      {() => (
        <>
          <OrderList orders={orders} admin={admin} />
          {query.isFetchNextPageError ? (
            <QueryError
              compact
              className="mt-6"
              title={t("orders.loadError")}
              error={query.error}
              isRetrying={query.isFetchingNextPage}
              onRetry={() => void query.fetchNextPage()}
            />
          ) : null}
          {Math.max(total, orders.length) > ORDERS_PAGE_SIZES.first ? (
            <LoadMore
              shown={orders.length}
              total={Math.max(total, orders.length)}
              noun={t("orders.loadMoreNoun")}
              hasMore={query.hasNextPage && !query.isFetchNextPageError}
              isLoading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </QueryStates>
  );
}
