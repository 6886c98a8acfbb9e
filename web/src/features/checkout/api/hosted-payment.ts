import { orderSchema, type Order } from "@shop/contract/orders";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import { cartQueryKeys } from "@/lib/cart";
import { guestBagQueryKey } from "@/lib/guest-bag";

/** How often the return page asks whether the provider's event has arrived. */
export const PAYMENT_POLL_MS = 1_500;

/**
 * Whose order comes back from the provider's page: an account's (its own order routes), or a
 * guest's, read through the guest bag's cookie for a while after it was placed (decision 042).
 */
export type PaymentBuyer = "account" | "guest";

const paymentOrderKey = (buyer: PaymentBuyer, orderId: string) =>
  ["checkout", "payment", buyer, orderId] as const;
const orderPath = (buyer: PaymentBuyer, orderId: string) =>
  `/${buyer === "guest" ? "guest-orders" : "orders"}/${encodeURIComponent(orderId)}`;

/**
 * The order a shopper comes back to from the provider's page, read again every 1.5 s while it
 * awaits its payment (the provider's event may arrive after the shopper does).
 */
export function usePaymentOrder(orderId: string, enabled: boolean, buyer: PaymentBuyer = "account") {
  return useQuery({
    queryKey: paymentOrderKey(buyer, orderId),
    queryFn: ({ signal }) => api.get(orderPath(buyer, orderId), { schema: orderSchema, signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === "awaiting_payment" ? PAYMENT_POLL_MS : false),
  });
}

/** POST …/{id}/payment/cancel: ends the provider's session, releases the hold, refills the bag. */
export function useCancelPayment(buyer: PaymentBuyer = "account") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string): Promise<Order> =>
      api.post(`${orderPath(buyer, orderId)}/payment/cancel`, undefined, { schema: orderSchema }),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: buyer === "guest" ? guestBagQueryKey : cartQueryKeys.all,
      }),
  });
}
