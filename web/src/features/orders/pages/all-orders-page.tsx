import {
  adminOrdersQuerySchema,
  ORDER_SORTS,
  ORDERS_COUNT_CAP,
  ORDER_STATUSES,
  orderStatusSchema,
  PAYMENT_STATES,
  type OrderStatus,
  type PaymentState,
} from "@shop/contract/orders";
import { useEffect, useId, useState } from "react";

import { useSearchParamWriter } from "@/hooks/use-search-param-writer";
import { EmptyState } from "@/components/empty-state";
import { LabelledSelect } from "@/components/labelled-select";
import { PageTitle } from "@/components/page-title";
import { Button } from "@/components/button";
import { SearchField } from "@/components/search-field";
import { downloadOrdersCsv, downloadPackingSlips } from "@/features/orders/api/fulfilment";
import { getErrorMessage } from "@/lib/api-client";
import { notifyError } from "@/lib/toast";
import { ordersOf, useAdminOrders, type AdminOrderFilters } from "@/features/orders/api/orders";
import { OrderListView } from "@/features/orders/components/order-list-view";
import { t } from "@/features/orders/messages";

const STATUS_PARAM = "status";

const PAYMENT_LABELS: Record<PaymentState, string> = {
  paid: t("orders.all.payment.paid"),
  "partly-refunded": t("orders.all.payment.partlyRefunded"),
  refunded: t("orders.all.payment.refunded"),
  attention: t("orders.all.payment.attention"),
};
const SORT_LABELS: Record<(typeof ORDER_SORTS)[number], string> = {
  newest: t("orders.all.sort.newest"),
  oldest: t("orders.all.sort.oldest"),
  "total-desc": t("orders.all.sort.totalDesc"),
  "total-asc": t("orders.all.sort.totalAsc"),
};

/** The status filter from the address (?status=shipped); anything else means all orders. */
function readStatus(value: string | null): OrderStatus | null {
  const parsed = orderStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The filters in the address, each checked (a hand-edited bad value is left out). */
function readFilters(params: URLSearchParams): AdminOrderFilters {
  const parsed = adminOrdersQuerySchema.safeParse({});
  const filters: AdminOrderFilters = { sort: parsed.success ? parsed.data.sort : "newest" };
  for (const key of ["q", "status", "payment", "from", "to", "shippingMethod", "sort"] as const) {
    const value = params.get(key);
    if (!value) continue;
    const single = adminOrdersQuerySchema.shape[key].safeParse(value);
    if (single.success && single.data !== undefined) Object.assign(filters, { [key]: single.data });
  }
  return filters;
}

/** "1 order", "12 shipped orders", "More than 10,000 orders" (the server stops counting there). */
function countLabel(total: number, status: OrderStatus | null): string {
  const kind = status ?? "";
  if (total > ORDERS_COUNT_CAP) return t("orders.all.countCapped", { status: kind, cap: ORDERS_COUNT_CAP });
  return t("orders.all.count", { status: kind, count: total });
}

const SELECT_CLASS =
  "min-h-10 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-ink shadow-xs";

/**
 * /dashboard/allorders (admins): every order, searched by number, e-mail or name and filtered by
 * status, payment, dates and shipping method (all kept in the address), with the buttons that move
 * each one along.
 */
export function AllOrdersPage() {
  const [params, choose] = useSearchParamWriter();
  const filters = readFilters(params);
  const status = filters.status ?? readStatus(params.get(STATUS_PARAM));
  const orders = useAdminOrders(filters);
  const id = useId();
  const [search, setSearch] = useState(filters.q ?? "");
  const listed = ordersOf(orders.data).orders;
  const [printing, setPrinting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportCsv = () => {
    setExporting(true);
    const query = Object.fromEntries(
      Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    downloadOrdersCsv(query)
      .catch((error: unknown) => notifyError(t("orders.all.exportFailed", { error: getErrorMessage(error) })))
      .finally(() => setExporting(false));
  };
  const printSlips = () => {
    setPrinting(true);
    downloadPackingSlips(listed.slice(0, 100).map((order) => order._id))
      .catch((error: unknown) =>
        notifyError(t("orders.all.packingSlipsFailed", { error: getErrorMessage(error) })),
      )
      .finally(() => setPrinting(false));
  };

  // The list follows the search box after a pause in typing.
  useEffect(() => {
    const current = params.get("q") ?? "";
    if (search.trim() === current) return;
    const timer = setTimeout(() => choose("q", search.trim()), 300);
    return () => clearTimeout(timer);
  });

  const select = (key: string, label: string, value: string, options: [string, string][]) => (
    <LabelledSelect
      label={label}
      value={value}
      options={options.map(([optionValue, optionLabel]) => ({ value: optionValue, label: optionLabel }))}
      onChange={(chosen) => choose(key, chosen)}
      className="flex flex-col gap-1.5"
      labelClassName="text-sm font-semibold text-ink"
      selectClassName={SELECT_CLASS}
    />
  );
  const date = (key: "from" | "to", label: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="date"
        value={filters[key] ?? ""}
        onChange={(event) => choose(key, event.target.value)}
        className={SELECT_CLASS}
      />
    </div>
  );

  return (
    <>
      <PageTitle
        title={t("orders.allOrdersTitle")}
        level={2}
        documentTitle={t("orders.dashboardTitle", { title: t("orders.allOrdersTitle") })}
      />
      <div className="mb-6 flex flex-col gap-4">
        <SearchField
          label={t("orders.all.searchLabel")}
          hint={t("orders.all.searchHint")}
          value={search}
          onChange={setSearch}
          onSubmit={() => choose("q", search.trim())}
          isSearching={orders.isFetching && !orders.isFetchingNextPage}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {select("status", t("orders.all.statusFilter"), status ?? "", [
            ["", t("orders.all.allStatuses")],
            ...ORDER_STATUSES.map((value): [string, string] => [
              value,
              t("orders.status", { status: value }),
            ]),
          ])}
          {select("payment", t("orders.all.paymentFilter"), filters.payment ?? "", [
            ["", t("orders.all.anyPayment")],
            ...PAYMENT_STATES.map((value): [string, string] => [value, PAYMENT_LABELS[value]]),
          ])}
          {date("from", t("orders.all.placedFrom"))}
          {date("to", t("orders.all.placedUntil"))}
          {select(
            "sort",
            t("orders.all.sort"),
            filters.sort ?? "newest",
            ORDER_SORTS.map((value) => [value, SORT_LABELS[value]]),
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {orders.data ? countLabel(ordersOf(orders.data).total, status) : null}
          </p>
          {listed.length > 0 ? (
            <Button size="sm" variant="light" isLoading={exporting} onClick={exportCsv}>
              {t("orders.all.export")}
            </Button>
          ) : null}
          {listed.length > 0 ? (
            <Button size="sm" variant="light" isLoading={printing} onClick={printSlips}>
              {t("orders.all.packingSlips", { count: Math.min(listed.length, 100) })}
            </Button>
          ) : null}
        </div>
      </div>
      <OrderListView
        admin
        query={orders}
        empty={
          <EmptyState
            title={status ? t("orders.all.emptyWithStatus", { status }) : t("orders.allOrdersEmptyTitle")}
          >
            {status ? t("orders.all.emptyWithStatusBody") : t("orders.all.emptyBody")}
          </EmptyState>
        }
      />
    </>
  );
}
