import type { Order } from "@shop/contract/orders";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { QueryError } from "@/components/query-error";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { usePaymentOrder, useCancelPayment, type PaymentBuyer } from "@/features/checkout/api/hosted-payment";
import { t } from "@/features/checkout/messages";
import { useCouponCode } from "@/lib/cart-quote";

/** After this long without the provider's word, the page says it may take a while (and mails follow). */
const SLOW_AFTER_MS = 20_000;

/** The checkout page, told that the shopper came back from the provider's page with Cancel. */
export const PAYMENT_CANCELLED_HREF = `${paths.checkout.getHref()}?payment=cancelled`;
/** The guest's bag, told the same. */
export const GUEST_PAYMENT_CANCELLED_HREF = `${paths.cart.getHref()}?payment=cancelled`;

/** Where each buyer tries again: an account at its checkout, a guest at the bag's checkout. */
const WAY_BACK = {
  account: {
    href: paths.checkout.getHref(),
    label: t("checkout.backToCheckout"),
    cancelled: PAYMENT_CANCELLED_HREF,
  },
  guest: {
    href: paths.cart.getHref(),
    label: t("checkout.backToBag"),
    cancelled: GUEST_PAYMENT_CANCELLED_HREF,
  },
} as const;

/**
 * /checkout/payment/{orderId}: where the provider's page sends a signed-in shopper back. Paid: on
 * to the order's confirmation. Not yet: "Confirming your payment…", asking the server every 1.5 s
 * until the provider's event has arrived. Back with Cancel (`?cancelled=1`): the payment is ended
 * and the items return to the bag, then the checkout shows them again.
 */
export function PaymentReturnPage() {
  const { orderId = "" } = useParams();
  const [params] = useSearchParams();
  return <PaymentReturn buyer="account" orderId={orderId} cancelled={params.get("cancelled") === "1"} />;
}

/**
 * /cart?order={orderId}: where the provider's page sends a guest back (app/routes/bag-route.tsx
 * picks it when the address names an order). The same confirming and cancelling,
 * the order read through the guest bag's cookie; once paid, `paid` shows it here (a guest has no
 * account page to go on to). Cancel returns to the guest's bag.
 */
export function GuestPaymentReturnPage(props: {
  orderId: string;
  cancelled: boolean;
  paid: (order: Order) => ReactNode;
}) {
  return <PaymentReturn buyer="guest" {...props} />;
}

function PaymentReturn({
  buyer,
  orderId,
  cancelled,
  paid,
}: {
  buyer: PaymentBuyer;
  orderId: string;
  cancelled: boolean;
  paid?: ((order: Order) => ReactNode) | undefined;
}) {
  const content = cancelled ? (
    <CancelPayment buyer={buyer} orderId={orderId} />
  ) : (
    <ConfirmPayment buyer={buyer} orderId={orderId} paid={paid} />
  );
  return <PageContainer>{content}</PageContainer>;
}

function ConfirmPayment({
  buyer,
  orderId,
  paid,
}: {
  buyer: PaymentBuyer;
  orderId: string;
  paid?: ((order: Order) => ReactNode) | undefined;
}) {
  const order = usePaymentOrder(orderId, true, buyer);
  const navigate = useNavigate();
  const [, setCouponCode] = useCouponCode();
  const [slow, setSlow] = useState(false);
  const status = order.data?.status;
  const settled = order.data !== undefined && status !== "awaiting_payment" && status !== "cancelled";

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!settled || buyer !== "account" || !order.data) return;
    // Paid: the code is used up by this order, the next bag starts without it.
    setCouponCode("");
    void navigate(paths.orderConfirmation.getHref(order.data._id), {
      replace: true,
      state: { order: order.data },
    });
  }, [settled, buyer, order.data, navigate, setCouponCode]);

  if (order.isError && !order.data) {
    return (
      <div className="mx-auto max-w-xl">
        <QueryError
          title={t("checkout.statusError")}
          error={order.error}
          isRetrying={order.isFetching}
          onRetry={() => void order.refetch()}
        />
        {buyer === "guest" ? (
          <Button className="mt-6" variant="secondary" to={paths.orderLink.path}>
            {t("checkout.findMyOrder")}
          </Button>
        ) : null}
      </div>
    );
  }
  // A guest's paid order is shown here, in the page's full width.
  if (settled && paid && order.data) return paid(order.data);
  if (status === "cancelled") {
    return (
      <div className="mx-auto max-w-xl">
        <PageTitle title={t("checkout.paymentFailedTitle")} />
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {t("checkout.paymentFailedBody")}
        </p>
        <Button className="mt-6" to={WAY_BACK[buyer].href}>
          {WAY_BACK[buyer].label}
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle title={t("checkout.confirmingTitle")} />
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6 shadow-sm">
        <Spinner label={t("checkout.confirmingTitle")} />
        <p className="text-ink">{t("checkout.confirmingBody")}</p>
        {slow ? <p className="text-sm text-ink-muted">{t("checkout.confirmingSlow")}</p> : null}
      </div>
    </div>
  );
}

function CancelPayment({ buyer, orderId }: { buyer: PaymentBuyer; orderId: string }) {
  const cancel = useCancelPayment(buyer);
  const navigate = useNavigate();
  const sent = useRef(false);
  const { mutate } = cancel;
  const cancelledHref = WAY_BACK[buyer].cancelled;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(orderId, { onSuccess: () => void navigate(cancelledHref, { replace: true }) });
  }, [orderId, mutate, navigate, cancelledHref]);

  if (cancel.isError) {
    return (
      <div className="mx-auto max-w-xl">
        <QueryError
          title={t("checkout.cancelError")}
          error={cancel.error}
          isRetrying={cancel.isPending}
          onRetry={() =>
            cancel.mutate(orderId, { onSuccess: () => void navigate(cancelledHref, { replace: true }) })
          }
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle title={t("checkout.cancellingTitle")} />
      <Spinner label={t("checkout.cancellingTitle")} showLabel />
    </div>
  );
}
