import { zodResolver } from "@hookform/resolvers/zod";
import {
  cardSchema,
  CHECKOUT_MESSAGES,
  deliverySchema,
  type Delivery,
  type Order,
} from "@shop/contract/orders";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";

import { Button } from "@/components/button";
import { CardSection } from "@/components/card";
import { Form } from "@/components/form";
import { FormAlert } from "@/components/form-alert";
import { NewsletterOptIn } from "@/components/newsletter-opt-in";
import { LockIcon } from "@/components/page-icons";
import { formatPrice } from "@/components/price";
import { QueryError } from "@/components/query-error";
import { Skeleton } from "@/components/skeleton";
import { PhoneField, TextField } from "@/components/text-field";
import { useValidatedForm } from "@/lib/form-fields";
import { usePaymentInfo } from "@/lib/payment-info";
import { TestModeNotice } from "@/features/checkout/components/test-mode-notice";
import { t } from "@/features/checkout/messages";
import { usePlaceOrder } from "@/features/checkout/hooks/use-place-order";
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isExpiryPast,
} from "@/features/checkout/utils/card-format";
import { isDefinitiveRefusal } from "@/features/checkout/utils/idempotency-key";
import { getErrorMessage, isApiError } from "@/lib/api-client";
import { requestNewsletter } from "@/lib/newsletter";
import { notifyError, notifyUpdated } from "@/lib/toast";

/** The contract's delivery and card rules, plus: an expired card is caught before it is sent. */
export const checkoutFormSchema = z.object({
  delivery: deliverySchema,
  card: cardSchema.extend({
    expiry: cardSchema.shape.expiry.refine((expiry) => !isExpiryPast(expiry), CHECKOUT_MESSAGES.expiryPast),
  }),
});
/** With a redirect provider (Stripe Checkout) the card is typed on the provider's page, not here. */
const deliveryOnlySchema = z.object({ delivery: deliverySchema, card: z.unknown().optional() });
type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
type CheckoutFormValues = z.output<typeof checkoutFormSchema>;
const cardResolver = zodResolver(checkoutFormSchema);
// The card fields stay in the form's values (empty) and are not sent.
const deliveryOnlyResolver = zodResolver(deliveryOnlySchema) as unknown as typeof cardResolver;

/** The form's fields by the names the server uses in its `errors` map. */
export const CHECKOUT_FIELDS = [
  "delivery.name",
  "delivery.address",
  "delivery.city",
  "delivery.phone",
  "card.number",
  "card.expiry",
  "card.cvc",
] as const;
type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
const isCheckoutField = (field: string): field is CheckoutField =>
  (CHECKOUT_FIELDS as readonly string[]).includes(field);

type Failure = { message: string; retrySafe: boolean };

export type CheckoutFormProps = {
  /** The cart lines being bought. */
  lineIds: readonly string[];
  /** The server's total for the Pay button (undefined while it is being worked out). */
  total: number | undefined;
  /** The shipping method and (applied) discount code the summary shows. */
  shippingMethodId?: string | undefined;
  couponCode?: string | undefined;
  prefill: Delivery;
  onPlaced: (order: Order) => void;
  /** Why Pay cannot be pressed yet (an unconfirmed address), shown beside it with what to do. */
  payBlocked?: ReactNode;
};

/** Keeps a formatted input formatted as the shopper types, then hands the event to react-hook-form. */
function formatted<Field extends UseFormRegisterReturn>(
  field: Field,
  format: (value: string) => string,
): Field {
  const onChange: UseFormRegisterReturn["onChange"] = (event) => {
    const input = event.target as HTMLInputElement;
    const next = format(input.value);
    if (next !== input.value) input.value = next;
    return field.onChange(event);
  };
  return { ...field, onChange };
}

/**
 * Delivery address and card, checked with the contract's schemas (messages under the fields),
 * then Pay. Only the server's answer with an order leads to the confirmation; a decline, a
 * conflict or a failure shows its message above the button and leaves everything as it was, so
 * the shopper can try again (another card, say).
 */
export function CheckoutForm({
  lineIds,
  total,
  shippingMethodId,
  couponCode,
  prefill,
  onPlaced,
  payBlocked,
}: CheckoutFormProps) {
  const payBlockedId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [wantsNews, setWantsNews] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const deliveryHeadingId = useId();
  const paymentHeadingId = useId();
  const paymentInfo = usePaymentInfo();
  const redirect = paymentInfo.data?.flow === "redirect";
  // Read at each validation: the payment details may arrive after the form is made.
  const redirectRef = useRef(redirect);
  useEffect(() => {
    redirectRef.current = redirect;
  }, [redirect]);
  const {
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { isSubmitted },
    field,
  } = useValidatedForm<CheckoutFormInput, CheckoutFormValues>(
    (values, context, options) =>
      (redirectRef.current ? deliveryOnlyResolver : cardResolver)(values, context, options),
    { delivery: prefill, card: { number: "", expiry: "", cvc: "" } },
  );

  const onFailed = (error: unknown) => {
    const fieldErrors = isApiError(error) ? Object.entries(error.errors) : [];
    const known = fieldErrors.filter(([field]) => isCheckoutField(field));
    known.forEach(([field, message], index) =>
      setError(field as CheckoutField, { type: "server", message }, { shouldFocus: index === 0 }),
    );
    setFailure({
      message: known.length > 0 ? t("checkout.fieldErrors") : getErrorMessage(error),
      retrySafe: !isDefinitiveRefusal(error),
    });
  };
  const placed = (order: Order) => {
    // The order stands whatever the newsletter answers; a refusal is only shown.
    if (wantsNews)
      requestNewsletter(order.email, "checkout").then(notifyUpdated, (error: unknown) =>
        notifyError(getErrorMessage(error)),
      );
    onPlaced(order);
  };
  const { submit, isPending } = usePlaceOrder({ onPlaced: placed, onFailed });

  // A failure without a field to point at: focus goes to its message (the Pay button was disabled).
  useEffect(() => {
    if (failure && failure.message !== t("checkout.fieldErrors")) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit((values) => {
    if (payBlocked) return;
    setFailure(null);
    submit({
      lineIds: [...lineIds],
      delivery: values.delivery,
      ...(redirect ? {} : { card: values.card }),
      ...(shippingMethodId ? { shippingMethodId } : {}),
      ...(couponCode ? { couponCode } : {}),
    });
  });

  const fillTestCard = (number: string) => {
    setValue("card.number", formatCardNumber(number), { shouldValidate: isSubmitted, shouldDirty: true });
    setFocus("card.expiry");
  };

  return (
    <Form label={t("checkout.formLabel")} onSubmit={onSubmit} className="flex flex-col gap-6">
      <CardSection aria-labelledby={deliveryHeadingId}>
        <h2 id={deliveryHeadingId} className="text-lg font-semibold text-ink">
          {t("checkout.deliveryHeading")}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("checkout.name")}
            autoComplete="name"
            required
            className="sm:col-span-2"
            {...field("delivery.name")}
          />
          <TextField
            label={t("checkout.address")}
            autoComplete="street-address"
            required
            hint={t("checkout.addressHint")}
            className="sm:col-span-2"
            {...field("delivery.address")}
          />
          <TextField
            label={t("checkout.city")}
            autoComplete="address-level2"
            required
            {...field("delivery.city")}
          />
          <PhoneField {...field("delivery.phone")} />
        </div>
      </CardSection>

      <CardSection aria-labelledby={paymentHeadingId}>
        <h2 id={paymentHeadingId} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <LockIcon className="size-4 text-ink-muted" />
          {t("checkout.paymentHeading")}
        </h2>
        <PaymentInfoNotice onUseCard={fillTestCard} />
        {redirect ? (
          <HostedPaymentNotice testMode={paymentInfo.data?.testMode ?? false} />
        ) : (
          <div className="mt-4 grid grid-cols-2 gap-4">
            <TextField
              label={t("checkout.cardNumber")}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              required
              className="col-span-2"
              {...formatted(field("card.number"), formatCardNumber)}
            />
            <TextField
              label={t("checkout.expiry")}
              hint={t("checkout.expiryHint")}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t("checkout.expiryPlaceholder")}
              required
              {...formatted(field("card.expiry"), formatExpiry)}
            />
            <TextField
              label={t("checkout.cvc")}
              hint={t("checkout.cvcHint")}
              inputMode="numeric"
              autoComplete="cc-csc"
              required
              {...formatted(field("card.cvc"), formatCvc)}
            />
          </div>
        )}
      </CardSection>

      <div className="flex flex-col gap-3">
        <NewsletterOptIn source="checkout" checked={wantsNews} onChange={setWantsNews} />
        <div ref={alertRef} tabIndex={-1}>
          <FormAlert>
            {failure ? (
              <>
                <p>{failure.message}</p>
                {failure.retrySafe ? <p className="mt-1 font-normal">{t("checkout.retrySafe")}</p> : null}
              </>
            ) : null}
          </FormAlert>
        </div>
        {payBlocked ? (
          <div
            id={payBlockedId}
            className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {payBlocked}
          </div>
        ) : null}
        <Button
          submit
          size="lg"
          full
          isLoading={isPending}
          disabled={payBlocked !== undefined && payBlocked !== null}
          aria-describedby={payBlocked ? payBlockedId : undefined}
          icon={<LockIcon className="size-5" />}
        >
          {redirect
            ? total === undefined
              ? t("checkout.payWithStripe")
              : t("checkout.payWithStripeTotal", { total: formatPrice(total) })
            : total === undefined
              ? t("checkout.pay")
              : t("checkout.payTotal", { total: formatPrice(total) })}
        </Button>
        <p className="text-center text-sm text-ink-muted">
          {redirect ? t("checkout.payWithStripeHint") : t("checkout.payHint")}
        </p>
      </div>
    </Form>
  );
}

/** Stripe Checkout: the card is entered on Stripe's own page, after the shop has the order. */
function HostedPaymentNotice({ testMode }: { testMode: boolean }) {
  return (
    <div className="mt-4 rounded-xl border border-line bg-stone-50 p-4 text-sm text-ink">
      <p>{t("checkout.hostedPaymentBody")}</p>
      {testMode ? <p className="mt-2 text-ink-muted">{t("checkout.stripeTestMode")}</p> : null}
    </div>
  );
}

/** The payment provider's note: TEST MODE with its test cards; a retry when it cannot be read. */
function PaymentInfoNotice({ onUseCard }: { onUseCard: (number: string) => void }) {
  const info = usePaymentInfo();
  if (info.isPending) return <Skeleton className="mt-4 h-28 w-full rounded-xl" />;
  if (info.isError) {
    return (
      <QueryError
        compact
        className="mt-4"
        title={t("checkout.paymentInfoError")}
        error={info.error}
        onRetry={() => void info.refetch()}
        isRetrying={info.isFetching}
      />
    );
  }
  // Stripe's own page takes the card; its test mode is said in the hosted-payment note.
  if (info.data.flow === "redirect") return null;
  return (
    <div className="mt-4">
      <TestModeNotice info={info.data} onUseCard={onUseCard} />
    </div>
  );
}
