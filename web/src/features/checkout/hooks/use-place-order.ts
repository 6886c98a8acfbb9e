import type { CheckoutBody, Order } from "@shop/contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";

import { placeOrder } from "@/features/checkout/api/place-order";
import { isDefinitiveRefusal, newIdempotencyKey } from "@/features/checkout/utils/idempotency-key";
import { isApiError } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

type Callbacks = {
  onPlaced: (order: Order) => void;
  onFailed: (error: unknown) => void;
};

/**
 * One checkout: every press of Pay sends the same Idempotency-Key until the server refuses the
 * attempt outright (declined, invalid, conflict), so a double click, a retry after a dropped
 * connection or a second tab's resubmission gives one order. A refused attempt placed nothing:
 * the next one (another card, say) gets a new key. Only the server's answer with an order leads on.
 */
export function usePlaceOrder({ onPlaced, onFailed }: Callbacks) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // Set at once on submit, before React re-renders the disabled button: stops a double submit.
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: CheckoutBody; key: string }) => placeOrder(body, key),
    onSuccess: (order) => {
      onPlaced(order);
      // The bought lines left the cart: the badge and /cart show it.
      void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
    },
    onError: (error) => {
      if (isDefinitiveRefusal(error)) setIdempotencyKey(newIdempotencyKey());
      // Stock ran out or lines are gone: show the cart as it is now.
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all });
      }
      onFailed(error);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const submit = (body: CheckoutBody) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate({ body, key: idempotencyKey });
  };

  return { submit, isPending: mutation.isPending, idempotencyKey };
}
