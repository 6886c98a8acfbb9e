import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { QueryError } from "@/components/query-error";
import { Spinner } from "@/components/spinner";
import { paths } from "@/config/paths";
import { usePaymentOrder, useCancelPayment } from "@/features/checkout/api/hosted-payment";
import { CHECKOUT_TEXT } from "@/features/checkout/config";
import { useCouponCode } from "@/lib/cart-quote";

/** After this long without the provider's word, the page says it may take a while (and mails follow). */
const SLOW_AFTER_MS = 20_000;

/** The checkout page, told that the shopper came back from the provider's page with Cancel. */
export const PAYMENT_CANCELLED_HREF = `${paths.checkout.getHref()}?payment=cancelled`;

/**
 * /checkout/payment/{orderId}: where the provider's page sends the shopper back. Paid: on to the
 * order's confirmation. Not yet: "Confirming your payment…", asking the server every 1.5 s until
 * the provider's event has arrived. Back with Cancel (`?cancelled=1`): the payment is ended and
 * the items return to the bag, then the checkout shows them again.
 */
export function PaymentReturnPage() {
  const { orderId = "" } = useParams();
  const [params] = useSearchParams();
  const cancelled = params.get("cancelled") === "1";
  return (
    <PageContainer>
      <div className="mx-auto max-w-xl">
        {cancelled ? <CancelPayment orderId={orderId} /> : <ConfirmPayment orderId={orderId} />}
      </div>
    </PageContainer>
  );
}

function ConfirmPayment({ orderId }: { orderId: string }) {
  const order = usePaymentOrder(orderId, true);
  const navigate = useNavigate();
  const [, setCouponCode] = useCouponCode();
  const [slow, setSlow] = useState(false);
  const status = order.data?.status;

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!order.data || status === "awaiting_payment" || status === "cancelled") return;
    // Paid: the code is used up by this order, the next bag starts without it.
    setCouponCode("");
    void navigate(paths.orderConfirmation.getHref(order.data._id), {
      replace: true,
      state: { order: order.data },
    });
  }, [order.data, status, navigate, setCouponCode]);

  if (order.isError && !order.data) {
    return (
      <QueryError
        title={CHECKOUT_TEXT.statusError}
        error={order.error}
        isRetrying={order.isFetching}
        onRetry={() => void order.refetch()}
      />
    );
  }
  if (status === "cancelled") {
    return (
      <>
        <PageTitle title={CHECKOUT_TEXT.paymentFailedTitle} />
        <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {CHECKOUT_TEXT.paymentFailedBody}
        </p>
        <Button className="mt-6" to={paths.checkout.getHref()}>
          {CHECKOUT_TEXT.backToCheckout}
        </Button>
      </>
    );
  }
  return (
    <>
      <PageTitle title={CHECKOUT_TEXT.confirmingTitle} />
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-6 shadow-sm">
        <Spinner label={CHECKOUT_TEXT.confirmingTitle} />
        <p className="text-ink">{CHECKOUT_TEXT.confirmingBody}</p>
        {slow ? <p className="text-sm text-ink-muted">{CHECKOUT_TEXT.confirmingSlow}</p> : null}
      </div>
    </>
  );
}

function CancelPayment({ orderId }: { orderId: string }) {
  const cancel = useCancelPayment();
  const navigate = useNavigate();
  const sent = useRef(false);
  const { mutate } = cancel;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(orderId, { onSuccess: () => void navigate(PAYMENT_CANCELLED_HREF, { replace: true }) });
  }, [orderId, mutate, navigate]);

  if (cancel.isError) {
    return (
      <QueryError
        title={CHECKOUT_TEXT.cancelError}
        error={cancel.error}
        isRetrying={cancel.isPending}
        onRetry={() =>
          cancel.mutate(orderId, {
            onSuccess: () => void navigate(PAYMENT_CANCELLED_HREF, { replace: true }),
          })
        }
      />
    );
  }
  return (
    <>
      <PageTitle title={CHECKOUT_TEXT.cancellingTitle} />
      <Spinner label={CHECKOUT_TEXT.cancellingTitle} showLabel />
    </>
  );
}
