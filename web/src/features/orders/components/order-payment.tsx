import { paymentDashboardUrl, type Order } from "@shop/contract/orders";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { FormAlert } from "@/components/form-alert";
import { Price } from "@/components/price";
import { useRetryRefund } from "@/features/orders/api/refunds";
import { t } from "@/features/orders/messages";
import { formatOrderDate } from "@/features/orders/utils/order-format";
import { getErrorMessage } from "@/lib/api-client";
import { usePaymentInfo } from "@/lib/payment-info";
import { notifyUpdated } from "@/lib/toast";

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe", test: t("orders.payment.testMode") };

/**
 * The admin's view of the money: the provider, its payment id with a link to its dashboard, the
 * payment's status (and until when an unpaid order holds its stock), a flag to look into, and the
 * refunds the provider refused, each with Try again.
 */
export function OrderPayment({ order }: { order: Order }) {
  const info = usePaymentInfo();
  const retry = useRetryRefund();
  const { payment } = order;
  const dashboard = paymentDashboardUrl(payment.provider, payment.reference, info.data?.testMode ?? true);
  const failed = order.refunds.filter((refund) => refund.status === "failed");

  return (
    <CardSection aria-label={t("orders.payment.heading")}>
      <h3 className="text-lg font-semibold text-ink">{t("orders.payment.heading")}</h3>
      {payment.flag ? (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <strong className="font-semibold">{t("orders.payment.flagged")} </strong>
          {payment.flag}
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-ink">{t("orders.payment.provider")}</dt>
          <dd className="mt-1 text-ink-muted">{PROVIDER_NAMES[payment.provider] ?? payment.provider}</dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">{t("orders.payment.statusLabel")}</dt>
          <dd className="mt-1 text-ink-muted" data-testid="payment-status">
            {t("orders.payment.status", { status: payment.status })}
            {payment.holdExpiresAt ? (
              <>
                {" "}
                <time dateTime={payment.holdExpiresAt}>
                  {t("orders.payment.heldUntil", { date: formatOrderDate(payment.holdExpiresAt) })}
                </time>
              </>
            ) : null}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-ink">{t("orders.payment.id")}</dt>
          <dd className="mt-1 break-all text-ink-muted">
            {payment.reference ? (
              <code data-testid="payment-reference">{payment.reference}</code>
            ) : (
              t("orders.payment.noneYet")
            )}
            {dashboard ? (
              <>
                {" · "}
                <a
                  href={dashboard}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  {t("orders.payment.openDashboard")}
                </a>
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      {failed.length > 0 ? (
        <div className="mt-5">
          <h4 className="font-semibold text-ink">{t("orders.payment.refusedHeading")}</h4>
          <ul className="mt-2 flex flex-col gap-3">
            {failed.map((refund) => (
              <li
                key={refund._id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
              >
                <span>
                  <Price amount={refund.amount} /> · {refund.reason}
                  {refund.failure ? <span className="block">{refund.failure}</span> : null}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  isLoading={retry.isPending && retry.variables.refundId === refund._id}
                  onClick={() =>
                    retry.mutate(
                      { orderId: order._id, refundId: refund._id },
                      { onSuccess: () => notifyUpdated(t("orders.payment.refundSentAgain")) },
                    )
                  }
                >
                  {t("orders.payment.tryAgain")}
                </Button>
              </li>
            ))}
          </ul>
          <FormAlert>{retry.isError ? getErrorMessage(retry.error) : null}</FormAlert>
        </div>
      ) : null}
    </CardSection>
  );
}
