import { CUSTOMER_SORTS, type CustomerSort, type CustomerSummary } from "@shop/contract/customers";
import { Link, useSearchParams } from "react-router";

import { DataTable, dataTableCell, type DataTableColumn } from "@/components/data-table";
import { EmailAddress } from "@/components/email-address";
import { PageTitle } from "@/components/page-title";
import { formatPrice } from "@/components/price";
import { paths } from "@/config/paths";
import { useCustomers, useCustomerSort } from "@/features/admin/api/customers";
import { PagedListResults, PagedListSearch, usePagedList } from "@/features/admin/components/paged-list";
import { formatDay } from "@/features/admin/utils/dates";
import { cn } from "@/lib/cn";

const PAGE_SIZE = 25;

const SORT_LABELS: Record<CustomerSort, string> = {
  "last-order": "Last order",
  spent: "Total spent",
  orders: "Orders",
  name: "Name",
  joined: "Newest accounts",
};

const COLUMNS: readonly DataTableColumn[] = [
  { label: "Customer" },
  { label: "Orders", className: "text-right" },
  { label: "Total spent", className: "text-right" },
  { label: "Last order" },
  { label: "E-mail confirmed" },
];

const bodyCell = cn(dataTableCell, "py-3.5");

function CustomerLink({ customer }: { customer: CustomerSummary }) {
  return (
    <Link
      to={paths.dashboard.customer.getHref(customer._id)}
      className="font-semibold text-brand-700 underline"
    >
      {customer.name}
    </Link>
  );
}

const confirmed = (customer: CustomerSummary) => (customer.emailVerified ? "Yes" : "Not yet");

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
      <PageTitle
        title="Customers"
        level={2}
        documentTitle="Customers · Dashboard"
        subtitle="Who buys, how often and how much; each customer's orders, addresses, reviews and your notes."
        className="mb-6"
      />
      <div className="mb-5 flex flex-wrap items-end gap-4">
        <PagedListSearch
          paged={paged}
          label="Search customers"
          placeholder="Name or e-mail"
          className="w-full max-w-md"
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Sort by
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
        errorTitle="We couldn’t load the customers"
        noMatchHint="Try part of a name or an e-mail address."
      >
        <DataTable
          caption={`Customers by ${SORT_LABELS[sort].toLowerCase()}`}
          columns={COLUMNS}
          className="hidden lg:block"
        >
          {paged.items.map((customer) => (
            <tr key={customer._id}>
              <th scope="row" className={cn(bodyCell, "pl-5 font-normal break-words")}>
                <CustomerLink customer={customer} />
                <span className="block text-ink-muted">
                  <EmailAddress email={customer.email} />
                </span>
              </th>
              <td className={cn(bodyCell, "text-right tabular-nums")}>{customer.orders}</td>
              <td className={cn(bodyCell, "text-right tabular-nums")}>
                {formatPrice(customer.totalSpentCents / 100)}
              </td>
              <td className={bodyCell}>
                {customer.lastOrderAt ? formatDay(customer.lastOrderAt) : "None yet"}
              </td>
              <td className={cn(bodyCell, "pr-5")}>{confirmed(customer)}</td>
            </tr>
          ))}
        </DataTable>
        <ul className="flex flex-col gap-3 lg:hidden" aria-label="Customers">
          {paged.items.map((customer) => (
            <li key={customer._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
              <CustomerLink customer={customer} />
              <p className="break-words text-sm text-ink-muted">
                <EmailAddress email={customer.email} />
              </p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-ink-muted">Orders</dt>
                <dd className="tabular-nums">{customer.orders}</dd>
                <dt className="text-ink-muted">Total spent</dt>
                <dd className="tabular-nums">{formatPrice(customer.totalSpentCents / 100)}</dd>
                <dt className="text-ink-muted">Last order</dt>
                <dd>{customer.lastOrderAt ? formatDay(customer.lastOrderAt) : "None yet"}</dd>
                <dt className="text-ink-muted">E-mail confirmed</dt>
                <dd>{confirmed(customer)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </PagedListResults>
    </>
  );
}
