import type { CustomerDetail } from "@shop/contract/customers";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams } from "react-router";

import { Button } from "@/components/button";
import { EmailAddress } from "@/components/email-address";
import { DeskPageTitle } from "@/components/page-title";
import { Panel } from "@/components/panel";
import { formatPrice } from "@/components/price";
import { QueryStates } from "@/components/query-states";
import { Skeleton } from "@/components/skeleton";
import { TextareaField } from "@/components/textarea-field";
import { dashboardPaths } from "@/config/dashboard-paths";
import { paths } from "@/config/paths";
import { useAddCustomerNote, useCustomer, useDeleteCustomerNote } from "@/features/admin/api/customers";
import { t } from "@/features/admin/messages";
import { formatDay } from "@/features/admin/utils/dates";
import { getErrorMessage } from "@/lib/api-client";
import { formatNumber } from "@/lib/i18n";
import { notifyAdded, notifyError, notifyRemoved } from "@/lib/toast";

const STATUS_LABELS: Record<CustomerDetail["recentOrders"][number]["status"], string> = {
  awaiting_payment: t("admin.orderStatus.awaitingPayment"),
  paid: t("admin.orderStatus.paid"),
  shipped: t("admin.orderStatus.shipped"),
  delivered: t("admin.orderStatus.delivered"),
  cancelled: t("admin.orderStatus.cancelled"),
};

/** One part of the customer's page: a panel whose heading keeps a gap to its content. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title} headingClassName="mb-3 font-semibold">
      {children}
    </Panel>
  );
}

function Notes({ customerId, notes }: { customerId: string; notes: CustomerDetail["notes"] }) {
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | undefined>();
  const add = useAddCustomerNote(customerId);
  const remove = useDeleteCustomerNote(customerId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(t("admin.customer.writeNote"));
      return;
    }
    setError(undefined);
    add.mutate(body, {
      onSuccess: () => {
        setBody("");
        notifyAdded(t("admin.customer.noteAdded"));
      },
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };

  return (
    <Section title={t("admin.customer.notes")}>
      {notes.length === 0 ? (
        <p className="mb-4 text-sm text-ink-muted">{t("admin.customer.noNotes")}</p>
      ) : null}
      <ul className="mb-4 flex flex-col gap-3">
        {notes.map((note) => (
          <li key={note._id} className="rounded-xl bg-stone-50 p-3 text-sm">
            <p className="break-words whitespace-pre-line text-ink">{note.body}</p>
            <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-ink-muted">
              <span>
                {t("admin.customer.noteBy", {
                  author: note.author ?? t("admin.customer.formerStaff"),
                  date: formatDay(note.createdAt),
                })}
              </span>
              <Button
                variant="light"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(note._id, {
                    onSuccess: () => notifyRemoved(t("admin.customer.noteRemoved")),
                    onError: (failure) => notifyError(getErrorMessage(failure)),
                  })
                }
              >
                {t("admin.customer.removeNote")}
                <span className="sr-only">
                  {" "}
                  {t("admin.customer.noteFrom", { date: formatDay(note.createdAt) })}
                </span>
              </Button>
            </p>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate aria-label={t("admin.customer.addNoteForm")}>
        <TextareaField
          label={t("admin.customer.newNote")}
          hint={t("admin.customer.newNoteHint")}
          value={body}
          maxLength={2000}
          onChange={(event) => setBody(event.target.value)}
          error={error}
          rows={3}
        />
        <Button submit className="mt-3" isLoading={add.isPending}>
          {t("admin.customer.addNote")}
        </Button>
      </form>
    </Section>
  );
}

/** /dashboard/customers/:customerId (issue 40): one customer for the staff. */
export function CustomerPage() {
  const { customerId = "" } = useParams();
  const query = useCustomer(customerId);
  return (
    <>
      <p className="mb-4 text-sm">
        <Link to={dashboardPaths.customers.getHref()} className="text-brand-700 underline">
          {t("admin.customer.allCustomers")}
        </Link>
      </p>
      <QueryStates
        query={query}
        pending={<Skeleton className="h-64 w-full" />}
        errorTitle={t("admin.customer.loadError")}
      >
        {({ customer, recentOrders, addresses, reviews, notes }) => (
          <>
            <DeskPageTitle
              title={customer.name}
              documentTitle={t("admin.customer.documentTitle", { name: customer.name })}
            />
            <dl className="mb-6 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
              <div className="col-span-2 sm:col-span-3 lg:col-span-2">
                <dt className="text-ink-muted">{t("admin.customer.email")}</dt>
                <dd className="break-words">
                  <EmailAddress email={customer.email} />{" "}
                  {customer.emailVerified ? t("admin.customer.confirmed") : t("admin.customer.notConfirmed")}
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t("admin.customer.since")}</dt>
                <dd>{formatDay(customer.joinedAt)}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t("admin.customer.orders")}</dt>
                <dd className="tabular-nums">{formatNumber(customer.orders)}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t("admin.customer.totalSpent")}</dt>
                <dd className="tabular-nums">{formatPrice(customer.totalSpentCents / 100)}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t("admin.customer.lastOrder")}</dt>
                <dd>
                  {customer.lastOrderAt ? formatDay(customer.lastOrderAt) : t("admin.customer.noneYet")}
                </dd>
              </div>
            </dl>
            <div className="grid gap-5 lg:grid-cols-2">
              <Section title={t("admin.customer.orders")}>
                {recentOrders.length === 0 ? (
                  <p className="text-sm text-ink-muted">{t("admin.customer.noOrders")}</p>
                ) : (
                  <ul className="divide-y divide-line text-sm">
                    {recentOrders.map((order) => (
                      <li
                        key={order._id}
                        className="flex flex-wrap items-baseline justify-between gap-2 py-2"
                      >
                        <Link
                          to={dashboardPaths.order.getHref(order._id)}
                          className="font-medium text-brand-700 underline"
                        >
                          {t("admin.customer.order", { number: order.number })}
                        </Link>
                        <span className="text-ink-muted">{formatDay(order.createdAt)}</span>
                        <span>{STATUS_LABELS[order.status]}</span>
                        <span className="tabular-nums">{formatPrice(order.totalCents / 100)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <Notes customerId={customer._id} notes={notes} />
              <Section title={t("admin.customer.addresses")}>
                {addresses.length === 0 ? (
                  <p className="text-sm text-ink-muted">{t("admin.customer.noAddresses")}</p>
                ) : (
                  <ul className="flex flex-col gap-3 text-sm">
                    {addresses.map((address) => (
                      <li key={`${address.name}|${address.address}|${address.city}|${address.phone}`}>
                        <address className="not-italic">
                          {address.name}
                          <br />
                          {address.address}, {address.city}
                          <br />
                          {address.phone}
                        </address>
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <Section title={t("admin.customer.reviews")}>
                {reviews.length === 0 ? (
                  <p className="text-sm text-ink-muted">{t("admin.customer.noReviews")}</p>
                ) : (
                  <ul className="flex flex-col gap-2 text-sm">
                    {reviews.map((review) => (
                      <li key={review._id}>
                        <Link
                          to={paths.product.getHref(review.productId)}
                          className="font-medium text-brand-700 underline"
                        >
                          {review.productName}
                        </Link>{" "}
                        {t("admin.customer.reviewLine", { rating: review.rating, title: review.title })}
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
            </div>
          </>
        )}
      </QueryStates>
    </>
  );
}
