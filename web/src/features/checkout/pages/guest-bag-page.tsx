import type { GuestBag } from "@shop/contract/guest";
import type { Quote } from "@shop/contract/money";
import type { Order } from "@shop/contract/orders";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { CARD_CLASSES, CardSection } from "@/components/card";
import { CouponField } from "@/components/coupon-field";
import { MoneyFigures } from "@/components/money-figures";
import { EmptyState } from "@/components/empty-state";
import { FormAlert } from "@/components/form-alert";
import { LineItem } from "@/components/line-item";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { Spinner } from "@/components/spinner";
import { EmailField, TextField } from "@/components/text-field";
import { paths } from "@/config/paths";
import { ShippingChoice } from "@/features/checkout/components/checkout-options";
import { t } from "@/features/checkout/messages";
import { newIdempotencyKey } from "@/features/checkout/utils/idempotency-key";
import { api, getErrorMessage, isApiError } from "@/lib/api-client";
import { guestBagQueryKey } from "@/lib/guest-bag";
import { usePaymentInfo } from "@/lib/payment-info";

const guestBagKey = guestBagQueryKey;
const FIELDS = [
  ["email", t("checkout.guest.email")],
  ["delivery.name", t("checkout.guest.fullName")],
  ["delivery.address", t("checkout.guest.address")],
  ["delivery.city", t("checkout.guest.city")],
  ["delivery.phone", t("checkout.guest.phone")],
  ["card.number", t("checkout.guest.cardNumber")],
  ["card.expiry", t("checkout.guest.expiry")],
  ["card.cvc", t("checkout.guest.cvc")],
] as const;
type Field = (typeof FIELDS)[number][0];

/**
 * /cart for a signed-out visitor when the shop allows guest checkout (decision 042): the bag kept
 * behind its cookie, and a checkout with an e-mail address. The confirmation mail carries the
 * private link to the order; signing in later brings the bag along.
 */
export function GuestBagPage() {
  const queryClient = useQueryClient();
  // Back from Stripe's page with Cancel (the payment-return page): the lines are in the bag again.
  const [params] = useSearchParams();
  const bag = useQuery({ queryKey: guestBagKey, queryFn: () => api.get<GuestBag>("/guest-bag") });
  const payment = usePaymentInfo();
  const remove = useMutation({
    mutationFn: (lineId: string) => api.delete(`/guest-bag/lines/${encodeURIComponent(lineId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestBagKey }),
  });
  const change = useMutation({
    mutationFn: ({ lineId, quantity }: { lineId: string; quantity: number }) =>
      api.patch(`/guest-bag/lines/${encodeURIComponent(lineId)}`, { quantity }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestBagKey }),
  });
  const [couponCode, setCouponCode] = useState("");
  // Unset: the server's default (the first method); the choice is shown at once while it prices it.
  const [shippingMethodId, setShippingMethodId] = useState<string | undefined>();
  // The server prices the bag as checkout will: sale prices, the coupon, shipping and tax.
  const quote = useQuery({
    queryKey: [...guestBagKey, "quote", couponCode, shippingMethodId, bag.dataUpdatedAt],
    queryFn: () =>
      api.post<Quote>("/guest-bag/quote", {
        ...(couponCode ? { couponCode } : {}),
        ...(shippingMethodId ? { shippingMethodId } : {}),
      }),
    enabled: (bag.data?.lines.length ?? 0) > 0,
    placeholderData: (previous) => previous,
  });
  const chosenMethodId = shippingMethodId ?? quote.data?.shippingMethodId ?? undefined;
  const couponApplies = Boolean(couponCode && quote.data?.coupon?.applied);
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map(([field]) => [field, ""])) as Record<Field, string>,
  );
  // One key per checkout: a retried or double-clicked Pay finds the first order.
  const key = useRef(newIdempotencyKey());
  const place = useMutation({
    mutationFn: (lineIds: string[]) =>
      api.post<Order>(
        "/guest-orders",
        {
          email: values.email,
          lineIds,
          ...(couponApplies ? { couponCode } : {}),
          ...(chosenMethodId ? { shippingMethodId: chosenMethodId } : {}),
          delivery: {
            name: values["delivery.name"],
            address: values["delivery.address"],
            city: values["delivery.city"],
            phone: values["delivery.phone"],
          },
          ...(payment.data?.flow === "redirect"
            ? {}
            : {
                card: {
                  number: values["card.number"],
                  expiry: values["card.expiry"],
                  cvc: values["card.cvc"],
                },
              }),
        },
        { headers: { "idempotency-key": key.current } },
      ),
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: guestBagKey });
      if (order.payment.checkoutUrl) window.location.assign(order.payment.checkoutUrl);
    },
    onError: () => {
      key.current = newIdempotencyKey();
    },
  });

  if (place.data && !place.data.payment.checkoutUrl) {
    return (
      <PageContainer className="max-w-2xl">
        <PageTitle title={t("checkout.guest.thanksTitle")} />
        <div role="status" className="mt-6 flex flex-col gap-3 text-ink">
          <p>
            {t("checkout.guest.placedBefore", { number: place.data.number })}{" "}
            <strong className="break-all">{place.data.email}</strong>
            {t("checkout.guest.placedAfter")}
          </p>
          <p>{t("checkout.guest.createAccountNote")}</p>
          <div>
            <Button to={paths.register.getHref()}>{t("checkout.guest.createAccount")}</Button>
          </div>
        </div>
      </PageContainer>
    );
  }
  if (bag.isPending) {
    return (
      <PageContainer>
        <Spinner label={t("checkout.guest.loading")} showLabel />
      </PageContainer>
    );
  }
  if (bag.isError) {
    return (
      <PageContainer>
        <FormAlert>{getErrorMessage(bag.error)}</FormAlert>
      </PageContainer>
    );
  }
  const { lines, unavailable } = bag.data;
  const errors = isApiError(place.error) ? place.error.errors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate(lines.map((line) => line._id));
  };
  const fields =
    payment.data?.flow === "redirect" ? FIELDS.filter(([field]) => !field.startsWith("card.")) : FIELDS;

  return (
    <PageContainer className="max-w-3xl">
      <PageTitle title={t("checkout.guest.title")} />
      <p className="mt-2 text-ink-muted">
        <Link
          to={paths.login.getHref(paths.cart.getHref())}
          className="font-semibold text-brand-700 underline"
        >
          {t("checkout.guest.logIn")}
        </Link>{" "}
        {t("checkout.guest.logInAfter")}
      </p>
      {params.get("payment") === "cancelled" ? (
        <p role="status" className="mt-4 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900">
          {t("checkout.guest.paymentCancelled")}
        </p>
      ) : null}
      {unavailable.length > 0 ? (
        <FormAlert>
          {t("checkout.guest.noLongerSold", { names: unavailable.map((line) => line.name).join(", ") })}{" "}
          {unavailable.map((line) => (
            <button
              key={line._id}
              type="button"
              className="font-semibold underline"
              onClick={() => remove.mutate(line._id)}
            >
              {t("checkout.guest.removeNamed", { name: line.name })}
            </button>
          ))}
        </FormAlert>
      ) : null}
      {lines.length === 0 ? (
        <EmptyState
          title={t("checkout.guest.emptyTitle")}
          action={<Button to={paths.products.getHref()}>{t("checkout.guest.browseShop")}</Button>}
          className="mt-6"
        >
          {t("checkout.guest.emptyBody")}
        </EmptyState>
      ) : (
        <div className="mt-6 flex flex-col gap-6">
          <CardSection aria-label={t("checkout.guest.bag")}>
            <ul className="flex flex-col gap-4">
              {lines.map((line) => (
                <li key={line._id} className="flex flex-col gap-2">
                  <LineItem {...line} optionsTestId="guest-line-options" />
                  <div className="flex flex-wrap items-center gap-3">
                    <label className="flex items-center gap-2 text-sm text-ink">
                      {t("checkout.guest.quantity")}
                      <select
                        className="min-h-11 rounded-lg border border-line px-2"
                        value={line.quantity}
                        onChange={(event) =>
                          change.mutate({ lineId: line._id, quantity: Number(event.target.value) })
                        }
                      >
                        {Array.from(
                          { length: Math.max(line.quantity, Math.min(line.stock, 99)) },
                          (_, index) => (
                            <option key={index + 1} value={index + 1}>
                              {index + 1}
                            </option>
                          ),
                        )}
                      </select>
                    </label>
                    <Button
                      size="sm"
                      variant="light"
                      isLoading={remove.isPending && remove.variables === line._id}
                      onClick={() => remove.mutate(line._id)}
                    >
                      {/* The name for screen readers only: a long one would not fit a phone's line. */}
                      {t("checkout.guest.remove")}
                      <span className="sr-only"> {line.name}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            {quote.data ? (
              <ShippingChoice
                quote={quote.data}
                selectedId={shippingMethodId}
                onChange={setShippingMethodId}
              />
            ) : null}
            <CouponField
              quote={quote.data}
              couponCode={couponCode}
              onApply={setCouponCode}
              className="mt-4"
            />
            {quote.data ? (
              <MoneyFigures
                totals={quote.data}
                shippingMethod={
                  quote.data.shippingMethods.find((method) => method._id === quote.data.shippingMethodId)
                    ?.name
                }
                couponCode={couponApplies ? couponCode : null}
                totalTestId="guest-total"
                className="mt-4 border-t border-line pt-4"
              />
            ) : null}
            {quote.isError ? <FormAlert>{getErrorMessage(quote.error)}</FormAlert> : null}
            {change.isError ? <FormAlert>{getErrorMessage(change.error)}</FormAlert> : null}
          </CardSection>
          <form
            aria-label={t("checkout.guest.formLabel")}
            className={`${CARD_CLASSES} flex flex-col gap-4`}
            onSubmit={submit}
            noValidate
          >
            <h2 className="text-lg font-semibold text-ink">{t("checkout.guest.heading")}</h2>
            {fields.map(([field, label]) =>
              field === "email" ? (
                <EmailField
                  key={field}
                  label={label}
                  value={values.email}
                  error={errors[field]}
                  onChange={(event) => setValues({ ...values, email: event.target.value })}
                />
              ) : (
                <TextField
                  key={field}
                  label={label}
                  required
                  value={values[field]}
                  error={errors[field]}
                  autoComplete={
                    field === "delivery.name" ? "name" : field === "delivery.phone" ? "tel" : "off"
                  }
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                />
              ),
            )}
            {place.isError ? <FormAlert>{getErrorMessage(place.error)}</FormAlert> : null}

            <div>
              <Button submit isLoading={place.isPending}>
                {t("checkout.guest.placeOrder")}
              </Button>
            </div>
          </form>
        </div>
      )}
    </PageContainer>
  );
}
