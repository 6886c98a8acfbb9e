import { ORDER_STATUSES, orderStatusSchema } from "@shop/contract/orders";
import { useId } from "react";
import { useSearchParams } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import {
  ordersOf,
  PAYMENT_ATTENTION,
  useAdminOrders,
  type AdminOrderFilter,
} from "@/features/orders/api/orders";
import { OrderListView } from "@/features/orders/components/order-list-view";
import { ORDER_STATUS_DISPLAY, ORDERS_TEXT } from "@/features/orders/config";

const STATUS_PARAM = "status";

/** The status filter from the address (?status=shipped); anything else means all orders. */
function readStatus(value: string | null): AdminOrderFilter | null {
  if (value === PAYMENT_ATTENTION) return PAYMENT_ATTENTION;
  const parsed = orderStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const PAYMENT_ATTENTION_LABEL = "Payment needs a look";

const filterLabel = (status: AdminOrderFilter) =>
  status === PAYMENT_ATTENTION ? PAYMENT_ATTENTION_LABEL : ORDER_STATUS_DISPLAY[status].label;

/** "1 order", "12 shipped orders", "2 orders whose payment needs a look". */
function countLabel(total: number, status: AdminOrderFilter | null): string {
  const noun = total === 1 ? "order" : "orders";
  if (status === PAYMENT_ATTENTION) return `${total} ${noun} awaiting payment or flagged`;
  const kind = status ? `${ORDER_STATUS_DISPLAY[status].label.toLowerCase()} ` : "";
  return `${total} ${kind}${noun}`;
}

/**
 * /dashboard/allorders (admins): every order, newest first, filtered by status, with the
 * buttons that move each one along (Mark shipped, Mark delivered, Cancel order).
 */
export function AllOrdersPage() {
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get(STATUS_PARAM));
  const orders = useAdminOrders(status);
  const filterId = useId();

  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(STATUS_PARAM, value);
        else next.delete(STATUS_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle
        title={ORDERS_TEXT.allOrdersTitle}
        level={2}
        documentTitle={`${ORDERS_TEXT.allOrdersTitle} · Dashboard`}
      />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {orders.data ? countLabel(ordersOf(orders.data).total, status) : null}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={filterId} className="text-sm font-semibold text-ink">
            Status
          </label>
          <select
            id={filterId}
            value={status ?? ""}
            onChange={(event) => choose(event.target.value)}
            className="min-h-10 rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-ink shadow-xs"
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ORDER_STATUS_DISPLAY[value].label}
              </option>
            ))}
            <option value={PAYMENT_ATTENTION}>{PAYMENT_ATTENTION_LABEL}</option>
          </select>
        </div>
      </div>
      <OrderListView
        admin
        query={orders}
        empty={
          <EmptyState
            title={
              status
                ? status === PAYMENT_ATTENTION
                  ? "No payment needs a look"
                  : `No ${filterLabel(status).toLowerCase()} orders`
                : ORDERS_TEXT.allOrdersEmptyTitle
            }
          >
            {status
              ? "Choose another status to see more orders."
              : "Orders will be listed here as soon as shoppers pay."}
          </EmptyState>
        }
      />
    </>
  );
}
