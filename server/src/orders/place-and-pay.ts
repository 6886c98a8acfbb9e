import type { Order } from "@shop/contract/orders";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpProblem } from "../http/problem";
import { couponAttempts } from "../money/coupon-attempts";
import { cancelHostedPayment, startHostedPayment, type PaymentBuyer } from "./payment-holds";
import { getOrder } from "./service";

/** The products whose stock an order took (or gave back); deleted products have no id. */
export const productIdsOf = (order: Order) =>
  order.lines.flatMap((line) => (line.productId ? [line.productId] : []));

/**
 * The one end of a checkout request, an account's or a guest's (guest/routes.ts): the coupon
 * misses counted for `couponOwner`, the placing itself (`place`), the mail sender woken and the
 * catalogue told of the stock taken, then a redirect provider's page opened (again, for a retried
 * request that found no page yet), the stock given back if the provider refuses.
 */
export async function placeAndPay(
  app: FastifyInstance,
  request: FastifyRequest,
  { couponOwner, couponCode }: { couponOwner: string; couponCode: string | undefined },
  place: () => Promise<{ order: Order; created: boolean }>,
): Promise<{ order: Order; created: boolean }> {
  const { db } = app.database;
  const payments = app.payments;
  const attempts = couponAttempts(app, request, couponOwner);
  if (couponCode) await attempts.ensureRoom();
  const placed = await place().catch(async (error: unknown) => {
    if (error instanceof HttpProblem) await attempts.countIfNotValid(error.detail);
    throw error;
  });
  let order = placed.order;
  if (placed.created) {
    app.mailSender.wake();
    await app.catalogueChanged({ stockOf: productIdsOf(order) });
  }
  if (payments.flow === "redirect" && order.payment.status === "awaiting" && !order.payment.checkoutUrl) {
    try {
      order = await startHostedPayment(db, payments, order, app.config.baseUrl);
    } catch (error) {
      request.log.error(
        { err: error, orderId: order._id },
        "the payment provider refused a checkout session",
      );
      await app.catalogueChanged({ stockOf: productIdsOf(order) });
      throw error;
    }
  }
  return { order, created: placed.created };
}

/**
 * The buyer came back from the provider's page with Cancel (an account's or a guest's route, each
 * having checked the order is theirs): the session is ended, the hold released and the lines put
 * back in the bag, or, if it was paid meanwhile, the payment applied. Answers the order now.
 */
export async function cancelPayment(
  app: FastifyInstance,
  orderId: string,
  buyer: PaymentBuyer,
): Promise<Order> {
  const { db } = app.database;
  const payments = app.payments;
  if (payments.flow !== "redirect") {
    throw new HttpProblem(409, "Conflict", "This shop takes payments on its own checkout page.");
  }
  const outcome = await cancelHostedPayment(db, payments, orderId, buyer);
  const order = await getOrder(db, orderId);
  if (outcome === "released") await app.catalogueChanged({ stockOf: productIdsOf(order) });
  if (outcome === "paid") app.mailSender.wake();
  return order;
}
