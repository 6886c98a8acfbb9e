import { IDEMPOTENCY_KEY_HEADER, orderSchema, type CheckoutBody, type Order } from "@shop/contract/orders";

import { api } from "@/lib/api-client";

/**
 * POST /api/orders: stock, payment and the order in one step on the server. 201 with the new
 * order, or 200 with the earlier one when this key was sent before. Failures: 402 declined, 400
 * with field errors ("card.number" …), 409 when stock ran out or the lines are gone.
 */
export function placeOrder(body: CheckoutBody, idempotencyKey: string): Promise<Order> {
  return api.post("/orders", body, {
    schema: orderSchema,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
