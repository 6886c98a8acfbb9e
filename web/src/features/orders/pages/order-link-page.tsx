import { GUEST_MESSAGES } from "@shop/contract/guest";
import { useMutation } from "@tanstack/react-query";
import type { Order } from "@shop/contract/orders";
import { useEffect, useRef, useState } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { FormAlert } from "@/components/form-alert";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/spinner";
import { EmailField, TextField } from "@/components/text-field";
import { APP_NAME } from "@/config/app";
import { paths } from "@/config/paths";
import { findMyOrder, useLinkedOrder } from "@/features/orders/api/order-links";
import { OrderDelivery } from "@/features/orders/components/order-delivery";
import { OrderLines } from "@/features/orders/components/order-lines";
import { OrderProgress } from "@/features/orders/components/order-progress";
import { OrderReturns } from "@/features/orders/components/order-returns";
import { OrderStatusBadge } from "@/features/orders/components/order-status-badge";
import { PlacedOn } from "@/features/orders/components/placed-on";
import { t } from "@/features/orders/messages";
import { orderTitle } from "@/features/orders/utils/order-format";
import { getErrorMessage } from "@/lib/api-client";

const tokenInAddress = () => decodeURIComponent(window.location.hash.slice(1));

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
        <Spinner label={t("orders.link.opening")} showLabel />
      </PageContainer>
    );
  }
  if (!token || order.isError || !order.data) {
    return (
      <PageContainer className="max-w-2xl">
        <PageTitle title={t("orders.link.findTitle")} />
        {token && order.isError ? <FormAlert>{getErrorMessage(order.error)}</FormAlert> : null}
        <FindMyOrderForm />
      </PageContainer>
    );
  }
  const placed = order.data;
  return (
    <PageContainer className="max-w-3xl">
      <title>{t("orders.link.documentTitle", { number: placed.number, shop: APP_NAME })}</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {orderTitle(placed.number)}
          </h1>
          <p className="mt-1 text-ink-muted">
            <PlacedOn createdAt={placed.createdAt} />
          </p>
        </div>
        <OrderStatusBadge status={placed.status} className="text-base" />
      </div>
      <div className="flex flex-col gap-6">
        <LinkedOrderSections order={placed} />
        <OrderReturns order={placed} isOwn isAdmin={false} linkToken={token} />
        <p className="text-sm text-ink-muted">{t("orders.link.privacy")}</p>
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
      aria-label={t("orders.link.findTitle")}
      className="mt-6 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        find.mutate({ number: Number(number), email });
      }}
    >
      <p className="text-ink">{t("orders.link.findIntro")}</p>
      <TextField
        label={t("orders.link.orderNumber")}
        inputMode="numeric"
        required
        value={number}
        onChange={(event) => setNumber(event.target.value.replace(/[^\d]/g, ""))}
      />
      <EmailField
        label={t("orders.link.email")}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {find.isError ? <FormAlert>{getErrorMessage(find.error)}</FormAlert> : null}
      {find.isSuccess ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-ink">
          {find.data.message || GUEST_MESSAGES.findOrderSent}
        </p>
      ) : null}
      <div>
        <Button submit isLoading={find.isPending}>
          {t("orders.link.sendLink")}
        </Button>
      </div>
    </form>
  );
}

/**
 * A guest's order as its pages show it (the mailed link's, and the return from the payment page):
 * where it is, its products with the figures, where it goes and how it was paid.
 */
export function LinkedOrderSections({ order }: { order: Order }) {
  return (
    <>
      <CardSection aria-label={t("orders.detail.status")}>
        <OrderProgress status={order.status} />
      </CardSection>
      <CardSection aria-label={t("orders.detail.products")}>
        <OrderLines order={order} />
      </CardSection>
      <CardSection aria-label={t("orders.detail.deliveryAndPayment")}>
        <OrderDelivery order={order} />
      </CardSection>
    </>
  );
}

/**
 * What a guest sees back from the payment provider's page once the payment is confirmed
 * (app/routes/guest-payment-return-route.tsx): the order, and that its private link is in the
 * mail, which is how to open it later (this page works only briefly, in this browser). Kept in
 * the link page's module, which it shares its sections with: no chunk of its own.
 */
export function GuestOrderReceipt({ order }: { order: Order }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The page changed from "Confirming your payment…" to this: the news is where focus goes.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{t("orders.confirmation.documentTitle", { number: order.number, shop: APP_NAME })}</title>
      <div>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {t("orders.receipt.title")}
        </h1>
        <p role="status" className="mt-3 text-ink">
          {t("orders.receipt.paidBefore", { number: order.number })}{" "}
          <strong className="break-all">{order.email}</strong>
          {t("orders.receipt.paidAfter")}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">{orderTitle(order.number)}</h2>
          <p className="text-sm text-ink-muted">
            <PlacedOn createdAt={order.createdAt} />
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <LinkedOrderSections order={order} />
      <div className="flex flex-col gap-3 text-ink">
        <p>{t("orders.receipt.createAccountNote")}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button to={paths.register.getHref()}>{t("orders.receipt.createAccount")}</Button>
          <Button to={paths.products.getHref()} variant="secondary">
            {t("orders.receipt.keepShopping")}
          </Button>
        </div>
      </div>
    </div>
  );
}
