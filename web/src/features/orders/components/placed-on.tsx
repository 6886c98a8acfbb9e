import { t } from "@/features/orders/messages";
import { formatOrderDate } from "@/features/orders/utils/order-format";

/** "Placed on Jun 3, 2025, 2:15 PM", as a <time> with the order's own timestamp. */
export function PlacedOn({ createdAt }: { createdAt: string }) {
  return <time dateTime={createdAt}>{t("orders.placedOn", { date: formatOrderDate(createdAt) })}</time>;
}
