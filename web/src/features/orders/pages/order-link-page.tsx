import { GUEST_MESSAGES } from "@shop/contract/guest";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/spinner";
import { EmailField, TextField } from "@/components/text-field";
import { APP_NAME } from "@/config/app";
import { findMyOrder, useLinkedOrder } from "@/features/orders/api/order-links";
import { OrderDelivery } from "@/features/orders/components/order-delivery";
import { OrderLines } from "@/features/orders/components/order-lines";
import { OrderProgress } from "@/features/orders/components/order-progress";
import { OrderReturns } from "@/features/orders/components/order-returns";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { formatOrderDate, orderTitle } from "@/features/orders/utils/order-format";
import { getErrorMessage } from "@/lib/api-client";

const tokenInAddress = () => decodeURIComponent(window.location.hash.slice(1));
const CARD = "rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6";

/**
 * /order-link: the page a guest's order mail opens (GUEST_CHECKOUT). The token is the part after
 * `#`, so it never reaches a server log; without one (or with one that no longer works) the page
 * offers "Find my order", which mails a fresh link.
 */
export function OrderLinkPage() {
  const [token, setToken] = useState(tokenInAddress);
  useEffect(() => {
    // A second link opened in the same tab changes only the part after `#`.
    const follow = () => setToken(tokenInAddress());
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  const order = useLinkedOrder(token);

  if (token && order.isPending) {
    return (
      <PageContainer className="max-w-3xl">
        <Spinner label="Opening your order…" showLabel />
      </PageContainer>
    );
  }
  if (!token || order.isError || !order.data) {
    return (
      <PageContainer className="max-w-2xl">
        <PageTitle title="Find my order" />
        {token && order.isError ? <FormAlert>{getErrorMessage(order.error)}</FormAlert> : null}
        <FindMyOrderForm />
      </PageContainer>
    );
  }
  const placed = order.data;
  return (
    <PageContainer className="max-w-3xl">
      <title>{`${orderTitle(placed.number)} · ${APP_NAME}`}</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {orderTitle(placed.number)}
          </h1>
          <p className="mt-1 text-ink-muted">
            Placed <time dateTime={placed.createdAt}>{formatOrderDate(placed.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={placed.status} className="text-base" />
      </div>
      <div className="flex flex-col gap-6">
        <section aria-label="Status" className={CARD}>
          <OrderProgress status={placed.status} />
        </section>
        <section aria-label="Products" className={CARD}>
          <OrderLines order={placed} />
        </section>
        <section aria-label="Delivery and payment" className={CARD}>
          <OrderDelivery order={placed} />
        </section>
        <OrderReturns order={placed} isOwn isAdmin={false} linkToken={token} />
        <p className="text-sm text-ink-muted">
          Anyone with this page&apos;s link can see the order: keep the mail to yourself. Create an account
          with the same address and confirm it to see your orders there.
        </p>
      </div>
    </PageContainer>
  );
}

/** An order number and the address it was placed with; the answer never says whether they match. */
function FindMyOrderForm() {
  const [number, setNumber] = useState("");
  const [email, setEmail] = useState("");
  const find = useMutation({ mutationFn: findMyOrder });
  return (
    <form
      aria-label="Find my order"
      className="mt-6 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        find.mutate({ number: Number(number), email });
      }}
    >
      <p className="text-ink">
        Bought without an account? Enter the order number and your e-mail address and we will mail you a link
        to the order.
      </p>
      <TextField
        label="Order number"
        inputMode="numeric"
        required
        value={number}
        onChange={(event) => setNumber(event.target.value.replace(/[^\d]/g, ""))}
      />
      <EmailField label="E-mail address" value={email} onChange={(event) => setEmail(event.target.value)} />
      {find.isError ? <FormAlert>{getErrorMessage(find.error)}</FormAlert> : null}
      {find.isSuccess ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-ink">
          {find.data.message || GUEST_MESSAGES.findOrderSent}
        </p>
      ) : null}
      <div>
        <Button submit isLoading={find.isPending}>
          Send me a link
        </Button>
      </div>
    </form>
  );
}
