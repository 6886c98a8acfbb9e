import { IDEMPOTENCY_KEY_HEADER, orderSchema, type Order } from "@shop/contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { orderQueryKeys } from "@/features/orders/api/orders";
import { api } from "@/lib/api-client";

export type RefundRequest = { orderId: string; amount: number; reason: string; idempotencyKey: string };

/**
 * POST /api/admin/orders/{id}/refunds: pays back part or all of the order's payment. The same
 * key refunds once, so a retried request (a lost answer, a double click) cannot pay twice.
 */
export function refundOrder({ orderId, amount, reason, idempotencyKey }: RefundRequest): Promise<Order> {
  return api.post(
    `/admin/orders/${encodeURIComponent(orderId)}/refunds`,
    { amount, reason },
    { schema: orderSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
}

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry: sends a refund the provider refused once more. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, refundId }: { orderId: string; refundId: string }): Promise<Order> =>
      api.post(
        `/admin/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/retry`,
        undefined,
        { schema: orderSchema },
      ),
    onSuccess: (order) => queryClient.setQueryData(orderQueryKeys.detail(order._id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (order) => queryClient.setQueryData(orderQueryKeys.detail(order._id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}
