import type { Order } from "@shop/contract/orders";
import type { ReactNode } from "react";

import { EmptyState } from "@/components/empty-state";
import { QueryStates, type QueryStatesQuery } from "@/components/query-states";
import { LoadingRegion } from "@/components/skeleton";
import { t } from "@/features/orders/messages";

export type OrderStatesProps = {
  query: QueryStatesQuery<Order>;
  /** The page's skeleton while the order loads (inside a labelled loading region). */
  skeleton: ReactNode;
  /** Where to go when there is no such order (it is another's, or the link is mistyped). */
  notFoundAction: ReactNode;
  children: (order: Order) => ReactNode;
};

/** One order's page states: loading, failed with a retry, not found, and the order itself. */
export function OrderStates({ query, skeleton, notFoundAction, children }: OrderStatesProps) {
  return (
    <QueryStates
      query={query}
      pending={
        <LoadingRegion label={t("orders.loading")} className="flex flex-col gap-4">
          {skeleton}
        </LoadingRegion>
      }
      errorTitle={t("orders.orderLoadError")}
      notFound={
        <EmptyState title={t("orders.notFoundTitle")} action={notFoundAction}>
          {t("orders.notFoundBody")}
        </EmptyState>
      }
    >
      {children}
    </QueryStates>
  );
}
