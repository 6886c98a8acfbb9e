import { useQuery } from "@tanstack/react-query";

import { CART_COUNT_POLL_MS } from "@/features/cart/config";
import { countCartItems, getCartQueryOptions } from "@/lib/cart";
import { useSession } from "@/lib/session";

/**
 * The number of items (units) in the signed-in shopper's cart, for the top bar's badge (SPEC
 * section 2); 0 when signed out. It shares its query with /cart, so an add or a removal changes
 * it at once; it is also asked again when the window regains focus and every minute (SPEC: polled).
 */
export function useCartCount(): number {
  const email = useSession().user?.email ?? "";
  const { data } = useQuery({
    ...getCartQueryOptions(email),
    enabled: email !== "",
    select: countCartItems,
    refetchInterval: CART_COUNT_POLL_MS,
  });
  return email !== "" ? (data ?? 0) : 0;
}
