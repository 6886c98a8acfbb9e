import { listQuerySchema } from "@shop/contract/catalogue";
import {
  adminOrdersQuerySchema,
  checkoutBodySchema,
  checkoutHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderSchema,
  orderStatusSchema,
  paymentInfoSchema,
} from "@shop/contract/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withAuditActor } from "../audit/actor";
import { currentUser, makeGuards } from "../auth/guards";
import { pageReply } from "../http/page-reply";
import { sendPendingRefunds } from "../money/refunds";
import { cancelPayment, placeAndPay, productIdsOf } from "./place-and-pay";
import { changeOrderStatus, getOrder, listOrders, placeOrder } from "./service";
import { negotiateLanguage } from "../i18n/negotiate";

const orderIdParams = z.object({ orderId: z.uuid() });
const pageQuery = listQuerySchema.omit({ q: true });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser, requireAdmin } = makeGuards(app);

  app.get(
    "/payment-info",
    {
      schema: {
        tags: ["orders"],
        summary: "The payment provider and, in test mode, its test cards",
        response: { 200: paymentInfoSchema },
      },
    },
    async () => ({
      provider: app.payments.name,
      flow: app.payments.flow,
      testMode: app.payments.testMode,
      testCards: [...app.payments.testCards],
    }),
  );

  app.post(
    "/orders",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary: "Check out cart lines: stock, payment and the order in one transaction",
        headers: checkoutHeadersSchema,
        body: checkoutBodySchema,
        response: { 200: orderSchema, 201: orderSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const user = currentUser(request);
      const { order, created } = await placeAndPay(
        app,
        request,
        { couponOwner: user.id, couponCode: request.body.couponCode },
        () =>
          placeOrder(
            db,
            app.payments,
            {
              ...user,
              emailVerified: request.session!.emailVerified,
              language: negotiateLanguage(request.headers, app.config),
            },
            request.body,
            key,
            app.config.paymentHoldMinutes,
            app.clock(),
          ),
      );
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.post(
    "/orders/:orderId/payment/cancel",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary:
          "Back from the provider's page with Cancel: end the payment, release the stock, refill the bag",
        params: orderIdParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Someone else's order does not exist for them (an admin's too: only the buyer left the page).
      await getOrder(db, request.params.orderId, user.id);
      return cancelPayment(app, request.params.orderId, { userId: user.id });
    },
  );

  app.get(
    "/orders",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary: "My orders, newest first",
        querystring: pageQuery,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request, reply) =>
      pageReply(reply, await listOrders(db, { userId: currentUser(request).id, ...request.query })),
  );

  app.get(
    "/orders/:orderId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary: "One of my orders (any order for an admin)",
        params: orderIdParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return getOrder(db, request.params.orderId, user.role === "admin" ? undefined : user.id);
    },
  );

  app.get(
    "/admin/orders",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Every order: search by number, e-mail or name; filter by status, payment, dates, shipping method; sorted",
        querystring: adminOrdersQuerySchema,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listOrders(db, request.query)),
  );

  app.patch(
    "/admin/orders/:orderId",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Move an order along paid → shipped → delivered, or cancel a paid one",
        params: orderIdParams,
        body: z.object({ status: orderStatusSchema }),
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const order = await withAuditActor(db, currentUser(request), (tx) =>
        changeOrderStatus(tx, request.params.orderId, request.body.status),
      );
      app.mailSender.wake();
      if (order.status !== "cancelled") return order;
      await app.catalogueChanged({ stockOf: productIdsOf(order) });
      // The refund intent committed with the cancellation; now it goes to the provider.
      await sendPendingRefunds(db, app.payments, order._id);
      return getOrder(db, order._id);
    },
  );
};
