import { Link, useParams } from "react-router";

import { EmailAddress } from "@/components/email-address";
import { useAuthorization } from "@/components/authorization";
import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { ChevronLeftIcon } from "@/components/icons";
import { Skeleton } from "@/components/skeleton";
import { APP_NAME } from "@/config/app";
import { dashboardPaths } from "@/config/dashboard-paths";
import { useOrder } from "@/features/orders/api/orders";
import { OrderDelivery } from "@/features/orders/components/order-delivery";
import { OrderDocuments } from "@/features/orders/components/order-documents";
import { OrderLines } from "@/features/orders/components/order-lines";
import { OrderPayment } from "@/features/orders/components/order-payment";
import { OrderRefund } from "@/features/orders/components/order-refund";
import { OrderReturns } from "@/features/orders/components/order-returns";
import { OrderShipments } from "@/features/orders/components/order-shipments";
import { OrderProgress } from "@/features/orders/components/order-progress";
import { OrderStatusActions } from "@/features/orders/components/order-status-actions";
import { OrderStates } from "@/features/orders/components/order-states";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { PlacedOn } from "@/features/orders/components/placed-on";
import { t } from "@/features/orders/messages";
import { orderTitle } from "@/features/orders/utils/order-format";

/**
 * /dashboard/orders/{orderId}: one order with its status, products, delivery address and
 * payment. An admin (who may open any order) also gets the buttons that move it along.
 */
export function OrderDetailPage() {
  const { orderId = "" } = useParams();
  const orderQuery = useOrder(orderId);
  const { can, viewer } = useAuthorization();
  const isAdmin = can("admin:manage-shop");
  const isOwn = orderQuery.data
    ? orderQuery.data.email.toLowerCase() === viewer.user?.email.toLowerCase()
    : true;
  const back = isAdmin && !isOwn ? dashboardPaths.allOrders.getHref() : dashboardPaths.myOrders.getHref();
  const backLabel = isAdmin && !isOwn ? t("orders.allOrdersTitle") : t("orders.myOrdersTitle");

  return (
    <>
      <Link
        to={back}
        className="mb-4 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ChevronLeftIcon className="size-4" />
        {backLabel}
      </Link>
      <OrderStates
        query={orderQuery}
        skeleton={
          <>
            <Skeleton className="h-9 w-48" />
            <Skeleton className="h-64 rounded-2xl" />
          </>
        }
        notFoundAction={<Button to={back}>{t("orders.detail.backTo", { page: backLabel })}</Button>}
      >
        {(order) => (
          <>
            <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
              <div>
                <title>{t("orders.detail.documentTitle", { number: order.number, shop: APP_NAME })}</title>
                <h2 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
                  {orderTitle(order.number)}
                </h2>
                <p className="mt-1 text-ink-muted">
                  <PlacedOn createdAt={order.createdAt} />
                  {isAdmin && !isOwn ? (
                    <span className="break-words">
                      {" "}
                      {t("orders.detail.by")} <EmailAddress email={order.email} />
                    </span>
                  ) : null}
                </p>
              </div>
              <OrderStatusBadge status={order.status} className="text-base" />
            </div>
            <div className="flex flex-col gap-6">
              <CardSection aria-label={t("orders.detail.status")}>
                <OrderProgress status={order.status} />
                {isOwn && order.payment.checkoutUrl ? (
                  // The shopper left Stripe's page before paying: the session stays open while the hold lasts.
                  <a
                    href={order.payment.checkoutUrl}
                    className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
                  >
                    {t("orders.detail.continueToPayment")}
                  </a>
                ) : null}
                {isAdmin ? <OrderStatusActions order={order} className="mt-5" /> : null}
              </CardSection>
              <CardSection aria-label={t("orders.detail.products")}>
                <OrderLines order={order} />
              </CardSection>
              <OrderShipments order={order} isAdmin={isAdmin} />
              <CardSection aria-label={t("orders.detail.deliveryAndPayment")}>
                <OrderDelivery order={order} />
              </CardSection>
              <OrderDocuments order={order} isAdmin={isAdmin} />
              <OrderReturns order={order} isOwn={isOwn} isAdmin={isAdmin} />
              {isAdmin ? <OrderPayment order={order} /> : null}
              {isAdmin && order.payment.status === "paid" ? <OrderRefund order={order} /> : null}
            </div>
          </>
        )}
      </OrderStates>
    </>
  );
}
