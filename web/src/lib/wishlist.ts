import type { Wishlist } from "@shop/contract/marketing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";
import { useSession } from "@/lib/session";

export const wishlistQueryKey = ["wishlist"] as const;

/** GET /api/wishlist (signed in only). */
export function useWishlist() {
  const { user } = useSession();
  return useQuery({
    queryKey: wishlistQueryKey,
    queryFn: ({ signal }) => api.get<Wishlist>("/wishlist", { signal }),
    enabled: user !== null,
  });
}

type WishlistChange =
  | { action: "add"; productId: string; variantId: string | null }
  | { action: "remove" | "bag"; productId: string }
  | { action: "share" | "revoke" };

/** Every change answers the whole wishlist, which replaces the cached one. */
export function useChangeWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: WishlistChange) => {
      switch (change.action) {
        case "add":
          return api.put<Wishlist>(`/wishlist/${change.productId}`, { variantId: change.variantId });
        case "remove":
          return api.delete<Wishlist>(`/wishlist/${change.productId}`);
        case "bag":
          return api.post<Wishlist>(`/wishlist/${change.productId}/bag`);
        case "share":
          return api.post<Wishlist>("/wishlist/share");
        case "revoke":
          return api.delete<Wishlist>("/wishlist/share");
      }
    },
    onSuccess: (wishlist, change) => {
      queryClient.setQueryData(wishlistQueryKey, wishlist);
      if (change.action === "bag") void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
  });
}
