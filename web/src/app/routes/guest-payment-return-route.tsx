import { useSearchParams } from "react-router";

import { GuestPaymentReturnPage } from "@/features/checkout/pages/payment-return-page";
import { GuestOrderReceipt } from "@/features/orders/pages/order-link-page";

/**
 * /cart?order=<id> (app/routes/bag-route.tsx): a guest back from Stripe's page.
 * "Confirming your payment…" until the provider's event has arrived, then the order with its
 * receipt; `&cancelled=1`: the payment is cancelled and the bag filled again.
 */
export function GuestPaymentReturnRoute() {
  const [params] = useSearchParams();
  const orderId = params.get("order") ?? "";
  return (
    <GuestPaymentReturnPage
      key={orderId}
      orderId={orderId}
      cancelled={params.get("cancelled") === "1"}
      paid={(order) => <GuestOrderReceipt order={order} />}
    />
  );
}
