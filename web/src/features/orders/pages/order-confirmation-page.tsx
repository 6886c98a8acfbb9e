import { orderSchema, type Order } from "@shop/contract/orders";
import { useEffect, useRef } from "react";
import { useLocation, useParams } from "react-router";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { Icon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PAGE_HEADING_CLASSES } from "@/components/page-title";
import { Skeleton } from "@/components/skeleton";
import { APP_NAME } from "@/config/app";
import { dashboardPaths } from "@/config/dashboard-paths";
import { paths } from "@/config/paths";
import { useOrder } from "@/features/orders/api/orders";
import { OrderDelivery } from "@/features/orders/components/order-delivery";
import { OrderLines } from "@/features/orders/components/order-lines";
import { OrderStates } from "@/features/orders/components/order-states";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { t } from "@/features/orders/messages";
import { formatOrderDate, orderTitle } from "@/features/orders/utils/order-format";
import { cn } from "@/lib/cn";

/** The order the checkout handed over in the navigation state, if it is one. */
function orderFromState(state: unknown): Order | undefined {
  if (typeof state !== "object" || state === null || !("order" in state)) return undefined;
  const parsed = orderSchema.safeParse(state.order);
  return parsed.success ? parsed.data : undefined;
}

/**
 * /checkout/confirmation/{orderId}: shown only after the server placed the order. The order
 * number, the products and the total, where it goes, and the ways on: My Orders or more shopping.
 * It reads the order from the server, so a reload shows the same.
 */
export function OrderConfirmationPage() {
  const { orderId = "" } = useParams();
  const location = useLocation();
  const orderQuery = useOrder(orderId, orderFromState(location.state));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ready = orderQuery.data !== undefined;

  // The page changed under the shopper's Pay button: the news is where focus goes.
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready]);

  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <OrderStates
          query={orderQuery}
          skeleton={
            <>
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="h-80 rounded-2xl" />
            </>
          }
          notFoundAction={<Button to={dashboardPaths.myOrders.getHref()}>{t("orders.viewMyOrders")}</Button>}
        >
          {(order) => (
            <>
              <title>
                {t("orders.confirmation.documentTitle", { number: order.number, shop: APP_NAME })}
              </title>
              <div className="flex flex-col items-center text-center">
                <span className="flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
                  <CheckIcon />
                </span>
                <h1 ref={headingRef} tabIndex={-1} className={cn("mt-4", PAGE_HEADING_CLASSES)}>
                  {t("orders.confirmationTitle")}
                </h1>
                <p className="mt-3 text-lg text-ink-muted">
                  {t("orders.confirmation.numberBefore")}{" "}
                  <strong className="font-bold text-ink" data-testid="order-number">
                    #{order.number}
                  </strong>
                  {t("orders.confirmation.numberAfter")}
                </p>
              </div>
              <CardSection aria-label={t("orders.confirmation.summary")} className="mt-8">
                <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
                  <div>
                    <h2 className="text-lg font-semibold text-ink">{orderTitle(order.number)}</h2>
                    <p className="text-sm text-ink-muted">
                      <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
                    </p>
                  </div>
                  <OrderStatusBadge status={order.status} />
                </div>
                <OrderLines order={order} />
                <OrderDelivery order={order} className="mt-6 border-t border-line pt-6" />
              </CardSection>
              <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
                <Button to={paths.products.getHref()} variant="secondary" size="lg">
                  {t("orders.keepShopping")}
                </Button>
                <Button to={dashboardPaths.myOrders.getHref()} size="lg">
                  {t("orders.viewMyOrders")}
                </Button>
              </div>
            </>
          )}
        </OrderStates>
      </div>
    </PageContainer>
  );
}

function CheckIcon() {
  return (
    <Icon strokeWidth={2.5} className="size-7">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}
