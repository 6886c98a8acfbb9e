import {
  couponBodySchema,
  couponSchema,
  dollarsToCents,
  moneySettingsSchema,
  quoteBodySchema,
  quoteSchema,
  refundBodySchema,
  returnActionSchema,
  returnBodySchema,
  shippingMethodBodySchema,
  shippingMethodSchema,
} from "@shop/contract/money";
import { checkoutHeadersSchema, IDEMPOTENCY_KEY_HEADER, orderSchema } from "@shop/contract/orders";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, makeGuards } from "../auth/guards";
import { cartLines, products, productVariants } from "../db/schema";
import { replyText } from "../http/problem";
import { priceAt, variantPriceColumns } from "../products/sale-price";
import { getOrder } from "../orders/service";
import { couponAttempts } from "./coupon-attempts";
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from "./coupons";
import { priceLines, toQuote } from "./pricing";
import { mailRefunds, mailReturnDecision } from "./refund-mail";
import { refundOrder, retryRefund, sendPendingRefunds } from "./refunds";
import { actOnReturn, requestReturn } from "./returns";
import { getMoneySettings, setMoneySettings } from "./settings";
import {
  createShippingMethod,
  deleteShippingMethod,
  listShippingMethods,
  toShippingMethod,
  updateShippingMethod,
} from "./shipping";

const idParams = z.object({ id: z.uuid() });
const orderIdParams = z.object({ orderId: z.uuid() });

export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser, requireAdmin } = makeGuards(app);

  // A crash between a refund's intent and the provider's answer leaves it pending: send it now.
  app.addHook("onReady", () => {
    sendPendingRefunds(db, app.payments).catch((error: unknown) =>
      app.log.warn({ err: error }, "pending refunds"),
    );
  });

  app.get(
    "/shipping-methods",
    {
      schema: {
        tags: ["checkout"],
        summary: "The shipping methods a shopper can choose, the preselected one first",
        response: { 200: z.array(shippingMethodSchema) },
      },
    },
    async () => (await listShippingMethods(db, { activeOnly: true })).map(toShippingMethod),
  );

  app.post(
    "/cart/quote",
    {
      onRequest: requireUser,
      schema: {
        tags: ["checkout"],
        summary: "Price my cart (or some of its lines): subtotal, discount, shipping, tax, total",
        body: quoteBodySchema,
        response: { 200: quoteSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { lineIds, shippingMethodId, couponCode } = request.body;
      const attempts = couponAttempts(app, request, user.id);
      if (couponCode) await attempts.ensureRoom();
      // A line is one variant, priced as checkout prices it (a running sale's price): the only
      // catalogue read here.
      const now = app.clock();
      const lines = (
        await db
          .select({
            ...variantPriceColumns,
            quantity: cartLines.quantity,
          })
          .from(cartLines)
          .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(eq(cartLines.userId, user.id), lineIds ? inArray(cartLines.id, lineIds) : undefined))
      ).map((line) => ({
        unitPriceCents: priceAt(line.regularCents, line.saleCents, line, now).priceCents,
        quantity: line.quantity,
      }));
      const pricing = await priceLines(db, {
        lines,
        shippingMethodId,
        couponCode,
        userId: user.id,
        now: new Date(),
      });
      if (couponCode) await attempts.countIfNotValid(pricing.couponMessage);
      return toQuote(pricing, lines, couponCode, (text) => replyText(reply, text));
    },
  );

  // ---- The owner's settings.

  app.get(
    "/admin/shipping-methods",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Every shipping method, inactive ones too",
        response: { 200: z.array(shippingMethodSchema) },
      },
    },
    async () => (await listShippingMethods(db, { activeOnly: false })).map(toShippingMethod),
  );
  app.post(
    "/admin/shipping-methods",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Add a shipping method",
        body: shippingMethodBodySchema,
        response: { 201: shippingMethodSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createShippingMethod(db, request.body)),
  );
  app.put(
    "/admin/shipping-methods/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change a shipping method",
        params: idParams,
        body: shippingMethodBodySchema,
        response: { 200: shippingMethodSchema },
      },
    },
    async (request) => updateShippingMethod(db, request.params.id, request.body),
  );
  app.delete(
    "/admin/shipping-methods/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Remove a shipping method (orders keep its name)",
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteShippingMethod(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/admin/coupons",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Every coupon with its use count",
        response: { 200: z.array(couponSchema) },
      },
    },
    async () => listCoupons(db),
  );
  app.post(
    "/admin/coupons",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Add a coupon",
        body: couponBodySchema,
        response: { 201: couponSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCoupon(db, request.body)),
  );
  app.put(
    "/admin/coupons/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change a coupon",
        params: idParams,
        body: couponBodySchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => updateCoupon(db, request.params.id, request.body),
  );
  app.delete(
    "/admin/coupons/:id",
    {
      onRequest: requireAdmin,
      schema: { tags: ["admin"], summary: "Remove a coupon (orders keep its code)", params: idParams },
    },
    async (request, reply) => {
      await deleteCoupon(db, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/admin/money-settings",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Tax rate, prices with or without tax, return window",
        response: { 200: moneySettingsSchema },
      },
    },
    async () => getMoneySettings(db),
  );
  app.put(
    "/admin/money-settings",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change the tax rate, tax basis or return window",
        body: moneySettingsSchema,
        response: { 200: moneySettingsSchema },
      },
    },
    async (request) => setMoneySettings(db, request.body),
  );

  app.post(
    "/admin/orders/:orderId/refunds",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Refund part or all of an order's payment; the same Idempotency-Key refunds once",
        params: orderIdParams,
        headers: checkoutHeadersSchema,
        body: refundBodySchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      await refundOrder(db, orderId, {
        amountCents: dollarsToCents(request.body.amount),
        reason: request.body.reason,
        idempotencyKey: `admin:${request.headers[IDEMPOTENCY_KEY_HEADER]}`,
      });
      if (await mailRefunds(db, await sendPendingRefunds(db, app.payments, orderId))) app.mailSender.wake();
      return reply.code(201).send(await getOrder(db, orderId));
    },
  );

  app.post(
    "/admin/orders/:orderId/refunds/:refundId/retry",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Send a refund the provider refused once more (a new request, within what is left)",
        params: orderIdParams.extend({ refundId: z.uuid() }),
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const { orderId, refundId } = request.params;
      await retryRefund(db, orderId, refundId);
      if (await mailRefunds(db, await sendPendingRefunds(db, app.payments, orderId))) app.mailSender.wake();
      return getOrder(db, orderId);
    },
  );

  app.post(
    "/orders/:orderId/returns",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary: "Ask to return delivered lines of my order, within the return window",
        params: orderIdParams,
        body: returnBodySchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await requestReturn(db, user.id, request.params.orderId, request.body);
      return reply.code(201).send(await getOrder(db, request.params.orderId, user.id));
    },
  );

  app.patch(
    "/admin/returns/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Approve or reject a return, mark it received (optionally restocking), refund it",
        params: idParams,
        body: returnActionSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const { action } = request.body;
      const { orderId, lineIds, restockedProductIds } = await actOnReturn(
        db,
        request.params.id,
        request.body,
      );
      if (restockedProductIds.length) await app.catalogueChanged({ stockOf: restockedProductIds });
      let mailed = 0;
      if (action === "refund")
        mailed = await mailRefunds(db, await sendPendingRefunds(db, app.payments, orderId));
      if (action === "approve" || action === "reject") {
        mailed = await mailReturnDecision(
          db,
          action === "approve" ? "approved" : "rejected",
          orderId,
          lineIds,
        );
      }
      if (mailed > 0) app.mailSender.wake();
      return getOrder(db, orderId);
    },
  );
};
