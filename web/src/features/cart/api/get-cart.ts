import { useQuery } from "@tanstack/react-query";

import { getCartQueryOptions } from "@/lib/cart";
import { useSession } from "@/lib/session";

/** The signed-in shopper's whole cart, newest line first (GET /carts/{email}). */
export function useCart() {
  const email = useSession().user?.email ?? "";
  return useQuery({ ...getCartQueryOptions(email), enabled: email !== "" });
}
