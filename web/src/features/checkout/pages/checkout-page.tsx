import type { CartLine } from "@shop/contract/cart";
import type { Order } from "@shop/contract/orders";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { CouponField } from "@/components/coupon-field";
import { EmptyState } from "@/components/empty-state";
import { CartIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { QueryError } from "@/components/query-error";
import { CHECKOUT_LINE_PARAM, paths } from "@/config/paths";
import { useDeliveryPrefill } from "@/features/checkout/api/get-delivery-prefill";
import { CheckoutForm } from "@/features/checkout/components/checkout-form";
import { ShippingChoice } from "@/features/checkout/components/checkout-options";
import { CheckoutSkeleton } from "@/features/checkout/components/checkout-skeleton";
import { CheckoutSummary } from "@/features/checkout/components/checkout-summary";
import { UnconfirmedAddress } from "@/features/checkout/components/unconfirmed-address";
import { t } from "@/features/checkout/messages";
import { countItems, selectCheckoutLines } from "@/features/checkout/utils/checkout-lines";
import { getCartQueryOptions } from "@/lib/cart";
import { useNoticeEmailVerification } from "@/lib/email-verification";
import { useSession } from "@/lib/session";
import { useCouponCode, useQuote } from "@/lib/cart-quote";

/**
 * /checkout: the lines named by `?line=` (a line's Pay button) or the whole cart (Checkout), a
 * delivery address prefilled from the session and the profile, and the card. After the server
 * has placed the order, the confirmation page takes over (replacing this page in the history, so
 * Back does not return to a checkout of lines that are gone).
 */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const lineIds = params.getAll(CHECKOUT_LINE_PARAM);
  const { user } = useSession();
  // A link opened in another tab enables Pay here, without a reload (the form keeps its values).
  useNoticeEmailVerification(user);
  const email = user?.email ?? "";
  const cart = useQuery({ ...getCartQueryOptions(email), enabled: email !== "" });
  const { prefill, isPending: prefillPending } = useDeliveryPrefill();
  const navigate = useNavigate();

  const selection = cart.data ? selectCheckoutLines(cart.data, lineIds) : null;
  const [shippingMethodId, setShippingMethodId] = useState<string | undefined>();
  // The code entered in the bag carries over; changed or removed here, the bag shows that too.
  const [couponCode, setCouponCode] = useCouponCode();
  const onPlaced = (order: Order) => {
    // Stripe Checkout: the shopper pays on Stripe's page, which sends them back to the return page.
    if (order.payment.checkoutUrl) {
      window.location.assign(order.payment.checkoutUrl);
      return;
    }
    // The code is used up by this order: the next bag starts without it.
    setCouponCode("");
    void navigate(paths.orderConfirmation.getHref(order._id), { replace: true, state: { order } });
  };
  const selectedIds = selection?.kind === "ready" ? selection.lines.map((line) => line._id) : [];
  const quote = useQuote({ lineIds: selectedIds, shippingMethodId, couponCode: couponCode || undefined });
  const appliedCode = quote.data?.coupon?.applied ? quote.data.coupon.code : undefined;
  let content;
  if (cart.isPending || (prefillPending && selection?.kind === "ready")) {
    content = <CheckoutSkeleton />;
  } else if (!selection) {
    content = (
      <QueryError
        title={t("checkout.cartLoadError")}
        error={cart.error}
        isRetrying={cart.isFetching}
        onRetry={() => void cart.refetch()}
      />
    );
  } else if (selection.kind === "empty" || selection.kind === "missing") {
    content = <NothingToPay why={selection.kind} />;
  } else {
    content = (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
        <CheckoutSummary
          lines={selection.lines}
          quote={quote.data}
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
        >
          {quote.data ? (
            <ShippingChoice quote={quote.data} selectedId={shippingMethodId} onChange={setShippingMethodId} />
          ) : null}
          <CouponField quote={quote.data} couponCode={couponCode} onApply={setCouponCode} className="mt-4" />
          {quote.isError ? (
            <QueryError
              title={t("checkout.quoteError")}
              error={quote.error}
              isRetrying={quote.isFetching}
              onRetry={() => void quote.refetch()}
            />
          ) : null}
        </CheckoutSummary>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <CheckoutForm
            key={lineIds.join(",")}
            lineIds={selection.lines.map((line) => line._id)}
            total={quote.data?.total}
            shippingMethodId={quote.data?.shippingMethodId ?? undefined}
            couponCode={appliedCode}
            prefill={prefill}
            onPlaced={onPlaced}
            payBlocked={user && !user.emailVerified ? <UnconfirmedAddress email={user.email} /> : undefined}
          />
        </div>
      </div>
    );
  }

  return (
    <PageContainer>
      <PageTitle
        title={t("checkout.title")}
        subtitle={selection?.kind === "ready" ? describe(selection.lines) : undefined}
      />
      {user && !user.emailVerified ? <UnverifiedNotice /> : null}
      {params.get("payment") === "cancelled" ? (
        <p role="status" className="mb-6 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900">
          {t("checkout.paymentCancelled")}
        </p>
      ) : null}
      {content}
    </PageContainer>
  );
}

/** Checkout needs a confirmed address (the order mails go there); the profile sends a new link. */
function UnverifiedNotice() {
  return (
    <p className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
      {t("checkout.unverified")}{" "}
      <Link to={paths.dashboard.root.getHref()} className="font-semibold underline underline-offset-4">
        {t("checkout.goToProfile")}
      </Link>
    </p>
  );
}

function describe(lines: readonly CartLine[]): string {
  return t("checkout.subtitle", { products: lines.length, items: countItems(lines) });
}

/** Nothing to pay for: an empty bag (browse the products), or the chosen lines are gone (back to the bag). */
function NothingToPay({ why }: { why: "empty" | "missing" }) {
  const empty = why === "empty";
  return (
    <EmptyState
      title={empty ? t("checkout.emptyTitle") : t("checkout.missingTitle")}
      icon={<CartIcon className="size-6" />}
      action={
        empty ? (
          <Button to={paths.products.getHref()}>{t("checkout.browseProducts")}</Button>
        ) : (
          <Button to={paths.cart.getHref()}>{t("checkout.backToCart")}</Button>
        )
      }
    >
      {empty ? t("checkout.emptyBody") : t("checkout.missingBody")}
    </EmptyState>
  );
}
