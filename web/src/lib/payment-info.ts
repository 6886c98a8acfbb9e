import { paymentInfoSchema, type PaymentInfo } from "@shop/contract/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** The payment provider's details (test mode, test cards) hardly change: fresh for 10 minutes. */
const PAYMENT_INFO_STALE_TIME_MS = 10 * 60_000;

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
