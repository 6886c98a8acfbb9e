import { orderSchema, type Order } from "@shop/contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { t } from "@/features/orders/messages";
import { requestReturnByLink } from "@/features/orders/api/order-links";
import { orderQueryKeys } from "@/features/orders/api/orders";
import { api, getErrorMessage } from "@/lib/api-client";
import { notifyError, notifyUpdated } from "@/lib/toast";

export type ReturnAction =
  | { action: "approve" }
  | { action: "reject" }
  | { action: "receive"; restock: boolean }
  | { action: "refund" };

/** POST /api/orders/{id}/returns: the shopper asks to send these delivered lines back. */
export function requestReturn(orderId: string, body: { lineIds: string[]; reason: string }): Promise<Order> {
  return api.post(`/orders/${encodeURIComponent(orderId)}/returns`, body, { schema: orderSchema });
}

/** PATCH /api/admin/returns/{id}: approve, reject, receive (optionally restocking) or refund. */
export function actOnReturn(returnId: string, action: ReturnAction): Promise<Order> {
  return api.patch(`/admin/returns/${encodeURIComponent(returnId)}`, action, { schema: orderSchema });
}

export const RETURN_TOASTS = {
  requested: t("orders.returns.toast.requested"),
  approve: t("orders.returns.toast.approve"),
  reject: t("orders.returns.toast.reject"),
  receive: t("orders.returns.toast.receive"),
  refund: t("orders.returns.toast.refund"),
};

function useOrderMutation<T>(run: (input: T) => Promise<Order>, toast: (input: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (order, input) => {
      queryClient.setQueryData(orderQueryKeys.detail(order._id), order);
      notifyUpdated(toast(input));
    },
    onError: (error) => notifyError(getErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

/** A guest's order page passes its link's token: the request goes through the link instead. */
export const useRequestReturn = (orderId: string, linkToken?: string) =>
  useOrderMutation(
    (body: { lineIds: string[]; reason: string }) =>
      linkToken ? requestReturnByLink(linkToken, body) : requestReturn(orderId, body),
    () => RETURN_TOASTS.requested,
  );

export const useActOnReturn = () =>
  useOrderMutation(
    ({ returnId, action }: { returnId: string; action: ReturnAction }) => actOnReturn(returnId, action),
    ({ action }) => RETURN_TOASTS[action.action],
  );
