import { fulfilmentSettingsViewSchema, type ShipBody } from "@shop/contract/fulfilment";
import { orderSchema, type Order } from "@shop/contract/orders";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import { orderQueryKeys } from "@/features/orders/api/orders";
import { api } from "@/lib/api-client";
import { downloadFile } from "@/lib/download";

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** GET /api/admin/fulfilment-settings: the carriers an admin picks from (built-in and the owner's). */
export function useCarriers(enabled: boolean) {
  return useQuery({
    queryKey: ["fulfilment-settings"],
    queryFn: ({ signal }) =>
      api.get("/admin/fulfilment-settings", { schema: fulfilmentSettingsViewSchema, signal }),
    select: (settings) => [...settings.carriers, ...settings.builtInCarriers].map((carrier) => carrier.name),
    enabled,
    staleTime: 60_000,
  });
}

/** Keeps the order's page and lists in step with what a fulfilment step answered. */
function useOrderMutation<T>(mutationFn: (request: T) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => queryClient.setQueryData(orderQueryKeys.detail(order._id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}

/** POST /api/admin/orders/{id}/shipments: a parcel with some lines (or all that is left). */
export const useShipParcel = () =>
  useOrderMutation(({ orderId, parcel }: { orderId: string; parcel: ShipBody }) =>
    api.post(`/admin${orderPath(orderId)}/shipments`, parcel, { schema: orderSchema }),
  );

/** POST …/shipments/{id}/delivered: the parcel arrived (the order is delivered with its last one). */
export const useMarkParcelDelivered = () =>
  useOrderMutation(({ orderId, shipmentId }: { orderId: string; shipmentId: string }) =>
    api.post(`/admin${orderPath(orderId)}/shipments/${encodeURIComponent(shipmentId)}/delivered`, undefined, {
      schema: orderSchema,
    }),
  );

const pdf = (path: string, fallbackName: string) =>
  downloadFile(path, { accept: "application/pdf", fallbackName });

export const downloadInvoice = (orderId: string) => pdf(`${orderPath(orderId)}/invoice.pdf`, "invoice.pdf");

export const downloadCreditNote = (orderId: string, documentId: string) =>
  pdf(`${orderPath(orderId)}/credit-notes/${encodeURIComponent(documentId)}`, "credit-note.pdf");

export const downloadPackingSlip = (orderId: string) =>
  pdf(`/admin${orderPath(orderId)}/packing-slip.pdf`, "packing-slip.pdf");

/** Packing slips of several orders in one PDF. */
export const downloadPackingSlips = (orderIds: string[]) =>
  downloadFile("/admin/packing-slips.pdf", {
    query: { ids: orderIds.join(",") },
    accept: "application/pdf",
    fallbackName: "packing-slips.pdf",
  });

/** GET /api/admin/orders.csv: the orders All Orders lists with these filters, for accounting. */
export const downloadOrdersCsv = (filters: Record<string, string>) =>
  downloadFile("/admin/orders.csv", { query: filters, accept: "text/csv", fallbackName: "orders.csv" });
