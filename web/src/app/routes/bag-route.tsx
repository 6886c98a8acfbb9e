import { useSearchParams } from "react-router";

import { Spinner } from "@/components/spinner";
import { PageContainer } from "@/components/page-container";
import { CartPage } from "@/features/cart/pages/cart-page";
import { GuestBagPage } from "@/features/checkout/pages/guest-bag-page";
import { lazyPage } from "@/lib/lazy-page";
import { useSession } from "@/lib/session";
import { t } from "@/components/messages";

/** Loaded only when a guest comes back from Stripe's page (the first page's chunk list stays as it was). */
const GuestPaymentReturnRoute = lazyPage(() =>
  import("@/app/routes/guest-payment-return-route").then((m) => m.GuestPaymentReturnRoute),
);

/**
 * /cart with GUEST_CHECKOUT: the account's bag when signed in, the guest bag otherwise; with
 * `?order=<id>`, a guest back from Stripe's page with that order (the return URL the server gives
 * Stripe for a guest order, decision 042).
 */
export function BagRoute() {
  const { user, isPending } = useSession();
  const [params] = useSearchParams();
  if (params.get("order")) return <GuestPaymentReturnRoute />;
  if (isPending) {
    return (
      <PageContainer>
        <Spinner label={t("app.loadingBag")} showLabel />
      </PageContainer>
    );
  }
  return user ? <CartPage /> : <GuestBagPage />;
}
