import { randomUUID } from "node:crypto";
import type { App } from "../../src/app";
import type { TestAccount } from "./accounts";
import { insertProduct } from "./catalogue";

export const TEST_DELIVERY = {
  name: "Ann Lee",
  address: "12 Harbour Road",
  city: "Dhaka",
  phone: "+8801712345678",
};

/** Puts a new product in the account's cart and checks that line out on `app`; answers the response. */
export async function checkOutNewProduct(app: App, account: TestAccount, priceCents = 2500) {
  const productId = await insertProduct(app.database.db, { priceCents });
  const line = await app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: account.headers,
    payload: { quantity: 2 },
  });
  if (line.statusCode !== 200) throw new Error(`add to cart failed: ${line.statusCode} ${line.body}`);
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...account.headers, "idempotency-key": randomUUID() },
    payload: {
      lineIds: [line.json()._id],
      delivery: TEST_DELIVERY,
      card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
  });
}

/** An admin's refund of part of an order (POST /api/admin/orders/{id}/refunds); answers the response. */
export function refundOrder(app: App, admin: TestAccount, orderId: string, amount: number, reason: string) {
  return app.inject({
    method: "POST",
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...admin.headers, "idempotency-key": randomUUID() },
    payload: { amount, reason },
  });
}
