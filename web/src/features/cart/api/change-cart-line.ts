import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api, getErrorMessage } from "@/lib/api-client";
import { cartQueryKeys, upsertCartLine, type CartLine } from "@/lib/cart";
import { notifyError } from "@/lib/toast";

/** PATCH /cart/{cartLineId}: the line's new quantity; answers the line (price and stock as now). */
export function patchCartLine(cartLineId: string, quantity: number): Promise<CartLine> {
  return api.patch<CartLine>(`/cart/${encodeURIComponent(cartLineId)}`, { quantity });
}

/**
 * Changes a line's quantity: the cached cart (totals, badge) follows the server's answer. A
 * refusal (not that many in stock) shows its reason, and the cart is refetched either way.
 */
export function useChangeCartLineQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, quantity }: { line: CartLine; quantity: number }) =>
      patchCartLine(line._id, quantity),
    onSuccess: (line) => {
      queryClient.setQueryData<CartLine[]>(cartQueryKeys.lines(line.email), (lines) =>
        lines ? upsertCartLine(lines, line) : lines,
      );
    },
    onError: (error) => notifyError(getErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
  });
}
