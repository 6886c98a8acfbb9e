import { paymentInfoSchema, type PaymentInfo } from "@shop/contract/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { PAYMENT_INFO_STALE_TIME_MS } from "@/features/checkout/config";
import { api } from "@/lib/api-client";

/** GET /api/payment-info: the provider and, in test mode, its test cards. */
export function getPaymentInfo(signal?: AbortSignal): Promise<PaymentInfo> {
  return api.get("/payment-info", { schema: paymentInfoSchema, signal });
}

export const paymentInfoQueryOptions = queryOptions({
  queryKey: ["payment-info"],
  queryFn: ({ signal }) => getPaymentInfo(signal),
  staleTime: PAYMENT_INFO_STALE_TIME_MS,
});

export function usePaymentInfo() {
  return useQuery(paymentInfoQueryOptions);
}
