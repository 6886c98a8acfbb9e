import { type FindOrderBody } from "@shop/contract/guest";
import { orderSchema, type Order } from "@shop/contract/orders";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { orderQueryKeys } from "@/features/orders/api/orders";
import { api } from "@/lib/api-client";

/**
 * A guest's private order link (GUEST_CHECKOUT, docs/decisions/042-guest-checkout.md): the mail's
 * link carries the token after `#`, and it travels to the API in a POST body, never in a URL.
 */
export const orderLinkQueryKey = (token: string) => [...orderQueryKeys.all, "link", token] as const;

export function openOrderLink(token: string): Promise<Order> {
  return api.post("/order-links/open", { token }, { schema: orderSchema });
}

export const useLinkedOrder = (token: string) =>
  useQuery({
    queryKey: orderLinkQueryKey(token),
    queryFn: () => openOrderLink(token),
    enabled: token.length > 0,
    retry: false,
  });

/** POST /api/order-links/returns: the guest asks to send delivered lines back. */
export function requestReturnByLink(
  token: string,
  body: { lineIds: string[]; reason: string },
): Promise<Order> {
  return api.post("/order-links/returns", { token, ...body }, { schema: orderSchema });
}

/** POST /api/order-links/find: the same answer whether or not the pair exists. */
export function findMyOrder(body: FindOrderBody): Promise<{ message: string }> {
  return api.post("/order-links/find", body, { schema: z.object({ message: z.string() }) });
}
