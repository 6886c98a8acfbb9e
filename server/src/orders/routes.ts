import { listQuerySchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalogue";
import {
  checkoutBodySchema,
  checkoutHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderSchema,
  orderStatusSchema,
  paymentInfoSchema,
  type Order,
} from "@shop/contract/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withAuditActor } from "../audit/actor";
import { currentUser, makeGuards } from "../auth/guards";
import { sendPendingRefunds } from "../money/refunds";
import { changeOrderStatus, getOrder, listOrders, placeOrder } from "./service";

/** The products whose stock an order took (or gave back); deleted products have no id. */
const productIdsOf = (order: Order) =>
  order.lines.flatMap((line) => (line.productId ? [line.productId] : []));

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
      const { order, created } = await placeOrder(
        db,
        app.payments,
        currentUser(request),
        request.body,
        key,
        app.clock(),
      );
      // Stock changed: product answers carry it.
      if (created) {
        app.mailSender.wake();
        await app.catalogueChanged({ stockOf: productIdsOf(order) });
      }
      return reply.code(created ? 201 : 200).send(order);
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
    async (request, reply) => {
      const { items, total } = await listOrders(db, { userId: currentUser(request).id, ...request.query });
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
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
        summary: "Every order, newest first, optionally of one status",
        querystring: pageQuery.extend({ status: orderStatusSchema.optional() }),
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listOrders(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
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
