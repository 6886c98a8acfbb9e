import type { Order, OrderStatus } from "@shop/contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { changeOrderStatus, orderQueryKeys } from "@/features/orders/api/orders";
import { t } from "@/features/orders/messages";
import { getErrorMessage } from "@/lib/api-client";
import { notifyError, notifyUpdated } from "@/lib/toast";

// Apart from api/orders.ts, which the dashboard's route imports to read My Orders beside the
// page's code: that read does not wait for the orders' texts (decision 041).

/**
 * An admin moves an order one step. On success: a toast, the order updated wherever it is
 * cached, and the lists read again (a status filter may drop it). A refusal (409: someone else
 * moved it first) shows the server's message, and the lists are read again to show the truth.
 */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, status }: { order: Order; status: OrderStatus }) =>
      changeOrderStatus(order._id, status),
    onSuccess: (updated) => {
      queryClient.setQueryData(orderQueryKeys.detail(updated._id), updated);
      notifyUpdated(t("orders.statusChanged", { status: updated.status, number: updated.number }));
    },
    onError: (error) => {
      notifyError(getErrorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}
