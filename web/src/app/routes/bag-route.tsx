import { Spinner } from "@/components/spinner";
import { PageContainer } from "@/components/page-container";
import { CartPage } from "@/features/cart/pages/cart-page";
import { GuestBagPage } from "@/features/checkout/pages/guest-bag-page";
import { useSession } from "@/lib/session";

/** /cart with GUEST_CHECKOUT: the account's bag when signed in, the guest bag otherwise. */
export function BagRoute() {
  const { user, isPending } = useSession();
  if (isPending) {
    return (
      <PageContainer>
        <Spinner label="Loading your bag…" showLabel />
      </PageContainer>
    );
  }
  return user ? <CartPage /> : <GuestBagPage />;
}
