import { CUSTOMER_SORTS, type CustomerSort, type CustomerSummary } from "@shop/contract/customers";
import { Link, useSearchParams } from "react-router";

import { DataTable, dataTableCell, type DataTableColumn } from "@/components/data-table";
import { EmailAddress } from "@/components/email-address";
import { DeskPageTitle } from "@/components/page-title";
import { formatPrice } from "@/components/price";
import { dashboardPaths } from "@/config/dashboard-paths";
import { useCustomers, useCustomerSort } from "@/features/admin/api/customers";
import { PagedListResults, PagedListSearch, usePagedList } from "@/features/admin/components/paged-list";
import { t } from "@/features/admin/messages";
import { formatDay } from "@/features/admin/utils/dates";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/i18n";

const PAGE_SIZE = 25;

const SORT_LABELS: Record<CustomerSort, string> = {
  "last-order": t("admin.customers.sortLastOrder"),
  spent: t("admin.customers.sortSpent"),
  orders: t("admin.customers.sortOrders"),
  name: t("admin.customers.sortName"),
  joined: t("admin.customers.sortJoined"),
};

/** The table's caption for each order ("Customers by last order"). */
const SORT_CAPTIONS: Record<CustomerSort, string> = {
  "last-order": t("admin.customers.byLastOrder"),
  spent: t("admin.customers.bySpent"),
  orders: t("admin.customers.byOrders"),
  name: t("admin.customers.byName"),
  joined: t("admin.customers.byJoined"),
};

const COLUMNS: readonly DataTableColumn[] = [
  { label: t("admin.customers.customer") },
  { label: t("admin.customers.orders"), className: "text-right" },
  { label: t("admin.customers.totalSpent"), className: "text-right" },
  { label: t("admin.customers.lastOrder") },
  { label: t("admin.customers.emailConfirmed") },
];

const bodyCell = cn(dataTableCell, "py-3.5");

function CustomerLink({ customer }: { customer: CustomerSummary }) {
  return (
    <Link
      to={dashboardPaths.customer.getHref(customer._id)}
      className="font-semibold text-brand-700 underline"
    >
      {customer.name}
    </Link>
  );
}

const confirmed = (customer: CustomerSummary) =>
  customer.emailVerified ? t("admin.customers.yes") : t("admin.customers.notYet");

/**
 * /dashboard/customers (issue 40): the shoppers' accounts with what they bought, searchable by name
 * or e-mail and sortable, each opening its page. A table from the lg breakpoint, cards below it.
 */
export function CustomersPage() {
  const [, setSearchParams] = useSearchParams();
  const sort = useCustomerSort();
  const paged = usePagedList(PAGE_SIZE, useCustomers);

  return (
    <>
      <DeskPageTitle
        title={t("admin.customers.title")}
        documentTitle={t("admin.customers.documentTitle")}
        subtitle={t("admin.customers.subtitle")}
      />
      <div className="mb-5 flex flex-wrap items-end gap-4">
        <PagedListSearch
          paged={paged}
          label={t("admin.customers.search")}
          placeholder={t("admin.customers.searchPlaceholder")}
          className="w-full max-w-md"
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          {t("admin.customers.sortBy")}
          <select
            value={sort}
            onChange={(event) =>
              setSearchParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set("sort", event.target.value);
                  next.delete("page");
                  return next;
                },
                { preventScrollReset: true },
              )
            }
            className="min-h-10 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base sm:text-sm"
          >
            {CUSTOMER_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedListResults
        paged={paged}
        kind="customers"
        errorTitle={t("admin.customers.loadError")}
        noMatchHint={t("admin.customers.noMatch")}
      >
        <DataTable caption={SORT_CAPTIONS[sort]} columns={COLUMNS} className="hidden lg:block">
          {paged.items.map((customer) => (
            <tr key={customer._id}>
              <th scope="row" className={cn(bodyCell, "pl-5 font-normal break-words")}>
                <CustomerLink customer={customer} />
                <span className="block text-ink-muted">
                  <EmailAddress email={customer.email} />
                </span>
              </th>
              <td className={cn(bodyCell, "text-right tabular-nums")}>{formatNumber(customer.orders)}</td>
              <td className={cn(bodyCell, "text-right tabular-nums")}>
                {formatPrice(customer.totalSpentCents / 100)}
              </td>
              <td className={bodyCell}>
                {customer.lastOrderAt ? formatDay(customer.lastOrderAt) : t("admin.customers.noneYet")}
              </td>
              <td className={cn(bodyCell, "pr-5")}>{confirmed(customer)}</td>
            </tr>
          ))}
        </DataTable>
        <ul className="flex flex-col gap-3 lg:hidden" aria-label={t("admin.customers.list")}>
          {paged.items.map((customer) => (
            <li key={customer._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
              <CustomerLink customer={customer} />
              <p className="break-words text-sm text-ink-muted">
                <EmailAddress email={customer.email} />
              </p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-ink-muted">{t("admin.customers.orders")}</dt>
                <dd className="tabular-nums">{formatNumber(customer.orders)}</dd>
                <dt className="text-ink-muted">{t("admin.customers.totalSpent")}</dt>
                <dd className="tabular-nums">{formatPrice(customer.totalSpentCents / 100)}</dd>
                <dt className="text-ink-muted">{t("admin.customers.lastOrder")}</dt>
                <dd>
                  {customer.lastOrderAt ? formatDay(customer.lastOrderAt) : t("admin.customers.noneYet")}
                </dd>
                <dt className="text-ink-muted">{t("admin.customers.emailConfirmed")}</dt>
                <dd>{confirmed(customer)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </PagedListResults>
    </>
  );
}
