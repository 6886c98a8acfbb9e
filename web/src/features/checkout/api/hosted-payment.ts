import { orderSchema, type Order } from "@shop/contract/orders";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";

/** How often the return page asks whether the provider's event has arrived. */
export const PAYMENT_POLL_MS = 1_500;

const paymentOrderKey = (orderId: string) => ["checkout", "payment", orderId] as const;

/**
 * The order a shopper comes back to from the provider's page, read again every 1.5 s while it
 * awaits its payment (the provider's event may arrive after the shopper does).
 */
export function usePaymentOrder(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentOrderKey(orderId),
    queryFn: ({ signal }) =>
      api.get(`/orders/${encodeURIComponent(orderId)}`, { schema: orderSchema, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === "awaiting_payment" ? PAYMENT_POLL_MS : false),
  });
}

/** POST /api/orders/{id}/payment/cancel: ends the provider's session, releases the hold, refills the bag. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<Order> =>
      api.post(`/orders/${encodeURIComponent(orderId)}/payment/cancel`, undefined, { schema: orderSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cartQueryKeys.all }),
  });
}
