import { useMutation, useQueryClient } from "@tanstack/react-query";

import { t } from "@/features/cart/messages";
import { api, getErrorMessage } from "@/lib/api-client";
import { cartQueryKeys, type CartLine } from "@/lib/cart";
import { notifyError, notifyWarning } from "@/lib/toast";

/** DELETE /cart/{cartLineId} (SPEC section 7). */
export function deleteCartLine(cartLineId: string): Promise<{ deletedCount: number }> {
  return api.delete<{ deletedCount: number }>(`/cart/${encodeURIComponent(cartLineId)}`);
}

/**
 * Removes a line: it leaves the cached cart (and the badge) at once, then the cart is refetched
 * and 'Item Deleted' shows (SPEC sections 4 and 7). A failure shows its reason and refetches too,
 * so the page shows what the server holds.
 */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (line: CartLine) => deleteCartLine(line._id),
    onSuccess: (_result, line) => {
      queryClient.setQueryData<CartLine[]>(cartQueryKeys.lines(line.email), (lines) =>
        lines?.filter((existing) => existing._id !== line._id),
      );
      notifyWarning(t("lib.cart.deleted"));
    },
    onError: (error) => {
      notifyError(getErrorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
  });
}
