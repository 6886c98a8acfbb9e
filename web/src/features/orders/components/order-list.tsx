import type { Order } from "@shop/contract/orders";
import { useId } from "react";
import { Link } from "react-router";

import { DecorativeImage } from "@/components/decorative-image";
import { EmailAddress } from "@/components/email-address";
import { Price } from "@/components/price";
import { dashboardPaths } from "@/config/dashboard-paths";
import { OrderStatusActions } from "@/features/orders/components/order-status-actions";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { t } from "@/features/orders/messages";
import {
  describeItems,
  formatOrderDate,
  namesOfItems,
  orderTitle,
} from "@/features/orders/utils/order-format";
import { cn } from "@/lib/cn";

const THUMBNAILS = 3;

export type OrderListProps = {
  orders: readonly Order[];
  /** All Orders: each row also shows the customer and the admin's status buttons. */
  admin?: boolean;
};

/** Orders as rows: number (a link to the order), date, items, status and total. */
export function OrderList({ orders, admin = false }: OrderListProps) {
  return (
    <ul aria-label={t("orders.listLabel")} className="flex flex-col gap-3">
      {orders.map((order) => (
        <li key={order._id}>
          <OrderRow order={order} admin={admin} />
        </li>
      ))}
    </ul>
  );
}

function OrderRow({ order, admin }: { order: Order; admin: boolean }) {
  const headingId = useId();
  const more = order.lines.length - THUMBNAILS;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5",
        "lg:grid lg:items-center lg:gap-6",
        admin ? "lg:grid-cols-[minmax(0,1fr)_7rem_7rem_17rem]" : "lg:grid-cols-[minmax(0,1fr)_7rem_7rem]",
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        {/* Shoppers recognise an order by what they bought: pictures, on phones too, and names. */}
        <div aria-hidden="true" className="flex shrink-0 -space-x-3 self-start sm:self-center">
          {order.lines.slice(0, THUMBNAILS).map((line, index) => (
            <DecorativeImage
              key={index}
              src={line.image}
              width={48}
              lazy
              responsive
              className="size-10 rounded-lg bg-stone-100 object-cover ring-2 ring-white sm:size-12"
            />
          ))}
          {more > 0 ? (
            <span className="flex size-10 items-center justify-center rounded-lg bg-stone-100 text-sm sm:size-12 font-semibold text-ink-muted ring-2 ring-white">
              +{more}
            </span>
          ) : null}
        </div>
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-ink">
            <Link
              to={dashboardPaths.order.getHref(order._id)}
              className="rounded underline-offset-4 hover:text-brand-700 hover:underline"
            >
              {orderTitle(order.number)}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm font-medium break-words text-ink">{namesOfItems(order.lines)}</p>
          <p className="mt-0.5 text-sm text-ink-muted">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time> ·{" "}
            {describeItems(order.lines)}
          </p>
          {admin ? (
            <p className="mt-0.5 text-sm break-words text-ink-muted">
              <EmailAddress email={order.email} />
              {order.placedAsGuest ? (
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  {t("orders.guest")}
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-4 lg:contents">
        <OrderStatusBadge status={order.status} className="justify-self-start" />
        <p className="text-right text-lg font-bold text-ink">
          <span className="sr-only">{t("orders.total")} </span>
          <Price amount={order.total} />
        </p>
      </div>
      {admin ? (
        <div className="flex empty:hidden lg:justify-end">
          <OrderStatusActions order={order} className="lg:flex-nowrap lg:justify-end" />
        </div>
      ) : null}
    </article>
  );
}
