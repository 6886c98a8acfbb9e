import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { BagIcon } from "@/components/icons";
import { PageTitle } from "@/components/page-title";
import { paths } from "@/config/paths";
import { useMyOrders } from "@/features/orders/api/orders";
import { OrderListView } from "@/features/orders/components/order-list-view";
import { t } from "@/features/orders/messages";
import { useSession } from "@/lib/session";

/** /dashboard/orders: the signed-in user's orders, newest first, each linking to its details. */
export function MyOrdersPage() {
  const email = useSession().user?.email ?? "";
  const orders = useMyOrders(email);
  return (
    <>
      <PageTitle
        title={t("orders.myOrdersTitle")}
        level={2}
        documentTitle={t("orders.dashboardTitle", { title: t("orders.myOrdersTitle") })}
        className="mb-6"
      />
      <OrderListView
        query={orders}
        empty={
          <EmptyState
            title={t("orders.myOrdersEmptyTitle")}
            icon={<BagIcon className="size-6" />}
            action={<Button to={paths.products.getHref()}>{t("orders.browseProducts")}</Button>}
          >
            {t("orders.myOrdersEmptyBody")}
          </EmptyState>
        }
      />
    </>
  );
}
