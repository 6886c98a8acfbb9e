import type { Order } from "@shop/contract/orders";
import { useState, type FormEvent } from "react";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { FormAlert } from "@/components/form-alert";
import { formatPrice, fromCents, Price, toCents } from "@/components/price";
import { TextField } from "@/components/text-field";
import { useRefundOrder } from "@/features/orders/api/refunds";
import { t } from "@/features/orders/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyUpdated } from "@/lib/toast";

/** Cents in whole numbers, so 0.1 + 0.2 never decides what may be refunded. */

/** "12.5" or "12.50" → 12.5; anything else (letters, three decimals, a sign) → undefined. */
function parseAmount(text: string): number | undefined {
  return /^\d{1,7}(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * The admin's partial refund: any amount up to what is left of the payment, with a reason the
 * order keeps. One idempotency key per refund, kept until it succeeds: a retry cannot pay twice.
 */
export function OrderRefund({ order }: { order: Order }) {
  const refund = useRefundOrder();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const refundableCents = toCents(order.money.total) - toCents(order.money.refunded);
  if (refundableCents <= 0) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dollars = parseAmount(amount);
    if (dollars === undefined || dollars <= 0) {
      setAmountError(t("orders.refund.amountInvalid"));
      return;
    }
    if (toCents(dollars) > refundableCents) {
      setAmountError(t("orders.refund.amountTooHigh", { amount: formatPrice(fromCents(refundableCents)) }));
      return;
    }
    setAmountError(null);
    refund.mutate(
      {
        orderId: order._id,
        amount: dollars,
        reason: reason.trim() || t("orders.refund.defaultReason"),
        idempotencyKey,
      },
      {
        onSuccess: () => {
          notifyUpdated(t("orders.refund.done", { amount: formatPrice(dollars) }));
          setAmount("");
          setReason("");
          setIdempotencyKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <CardSection aria-label={t("orders.refund.heading")}>
      <h3 className="text-lg font-semibold text-ink">{t("orders.refund.heading")}</h3>
      <p className="mt-1 text-sm text-ink-muted">
        {t("orders.refund.left")} <Price amount={fromCents(refundableCents)} />
      </p>
      <form
        noValidate
        aria-label={t("orders.refund.formLabel")}
        onSubmit={submit}
        className="mt-4 flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <TextField
            label={t("orders.refund.amount")}
            inputMode="decimal"
            autoComplete="off"
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError ?? undefined}
          />
          <TextField
            label={t("orders.refund.reason")}
            autoComplete="off"
            maxLength={200}
            placeholder={t("orders.refund.defaultReason")}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <FormAlert>{refund.isError ? getErrorMessage(refund.error) : null}</FormAlert>
        <div>
          <Button submit variant="secondary" isLoading={refund.isPending}>
            {t("orders.refund.submit")}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
