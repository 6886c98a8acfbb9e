import { addToCartBodySchema, cartLineSchema, changeCartLineBodySchema } from "@shop/contract/cart";
import {
  bagMergeReportSchema,
  findOrderBodySchema,
  GUEST_BAG_COOKIE,
  GUEST_BAG_IDLE_DAYS,
  GUEST_MESSAGES,
  guestBagSchema,
  guestCheckoutBodySchema,
  orderLinkBodySchema,
} from "@shop/contract/guest";
import { emailFieldSchema } from "@shop/contract/auth";
import { quoteBodySchema, quoteSchema, returnBodySchema } from "@shop/contract/money";
import { checkoutHeadersSchema, IDEMPOTENCY_KEY_HEADER, orderSchema } from "@shop/contract/orders";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, makeGuards } from "../auth/guards";
import { cookieValue } from "../auth/session-lookup";
import { HttpProblem, notFound, replyText } from "../http/problem";
import { orderMail } from "../mail/order-mail";
import { enqueueMails } from "../mail/outbox";
import { priceLines, toQuote } from "../money/pricing";
import { requestReturn } from "../money/returns";
import {
  createOrderLink,
  findGuestOrder,
  orderIdOfBag,
  orderIdOfLink,
  revokeOrderLink,
} from "../orders/order-links";
import { cancelPayment, placeAndPay } from "../orders/place-and-pay";
import { couponAttempts } from "../money/coupon-attempts";
import { getOrder, placeGuestOrder } from "../orders/service";
import { negotiateLanguage } from "../i18n/negotiate";
import {
  addToGuestBag,
  changeGuestLine,
  createGuestBag,
  findGuestBag,
  guestLinesToPrice,
  listGuestBag,
  mergeGuestBag,
  removeGuestLine,
  sweepIdleGuestBags,
} from "./bag";
import { runPeriodically } from "../plugins/periodic-task";

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const lineParams = z.object({ lineId: z.uuid() });
const orderIdParams = z.object({ orderId: z.uuid() });

/**
 * GUEST_CHECKOUT (docs/decisions/042-guest-checkout.md): a signed-out visitor's bag behind an
 * httpOnly cookie, its checkout, the private order links mailed to guests, and the merge of a
 * guest bag into the account that signs in. Absent (404) unless the owner turned it on.
 */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.guestCheckout) return;
  const { db } = app.database;
  const { requireUser } = makeGuards(app);
  const secure = app.config.baseUrl.startsWith("https:");

  const tokenOf = (request: FastifyRequest) =>
    cookieValue(request.headers.cookie, GUEST_BAG_COOKIE) ?? undefined;
  const bagOf = (request: FastifyRequest) => findGuestBag(db, tokenOf(request));
  const setBagCookie = (reply: FastifyReply, token: string) =>
    reply.header(
      "set-cookie",
      `${GUEST_BAG_COOKIE}=${token}; Path=/api; Max-Age=${GUEST_BAG_IDLE_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  const clearBagCookie = (reply: FastifyReply) =>
    reply.header(
      "set-cookie",
      `${GUEST_BAG_COOKIE}=; Path=/api; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  /** The request's bag, opened (and its cookie set) when it has none: counted per address. */
  async function openBag(request: FastifyRequest, reply: FastifyReply) {
    const existing = await bagOf(request);
    if (existing) return existing;
    await app.limiters.guestPerAddress.check(request, `address:${request.ip}`);
    const { bagId, token } = await createGuestBag(db);
    setBagCookie(reply, token);
    return bagId;
  }

  // Every instance sweeps; deleting what is idle twice deletes nothing the second time.
  runPeriodically(app, { everyMs: SWEEP_EVERY_MS, name: "sweeping idle guest bags", runAtStart: true }, () =>
    sweepIdleGuestBags(db, app.clock()),
  );

  app.get(
    "/guest-bag",
    {
      schema: {
        tags: ["guest"],
        summary:
          "A signed-out visitor's bag (its cookie names it): lines, units, and lines whose product went",
        response: { 200: guestBagSchema },
      },
    },
    async (request) => listGuestBag(db, await bagOf(request), app.clock()),
  );

  app.put(
    "/guest-bag/:productId",
    {
      schema: {
        tags: ["guest"],
        summary: "Add a variant to the guest's bag (opening one, with its cookie, if needed)",
        params: z.object({ productId: z.uuid() }),
        body: addToCartBodySchema,
        response: { 200: cartLineSchema },
      },
    },
    async (request, reply) => {
      const bagId = await openBag(request, reply);
      const { quantity, variantId } = request.body;
      return addToGuestBag(db, bagId, request.params.productId, quantity, variantId, app.clock());
    },
  );

  app.patch(
    "/guest-bag/lines/:lineId",
    {
      schema: {
        tags: ["guest"],
        summary: "Set a guest bag line's quantity (1–99, and the stock)",
        params: lineParams,
        body: changeCartLineBodySchema,
        response: { 200: cartLineSchema },
      },
    },
    async (request) => {
      const bagId = await bagOf(request);
      if (!bagId) throw notFound("Your bag has no such line.");
      return changeGuestLine(db, bagId, request.params.lineId, request.body.quantity, app.clock());
    },
  );

  app.delete(
    "/guest-bag/lines/:lineId",
    {
      schema: {
        tags: ["guest"],
        summary: "Remove a line from the guest's bag",
        params: lineParams,
        response: { 200: z.object({ deletedCount: z.number().int() }) },
      },
    },
    async (request) => {
      const bagId = await bagOf(request);
      if (!bagId) throw notFound("Your bag has no such line.");
      return { deletedCount: await removeGuestLine(db, bagId, request.params.lineId) };
    },
  );

  app.post(
    "/guest-bag/quote",
    {
      schema: {
        tags: ["guest"],
        summary:
          "Price the guest's bag (or some lines) as checkout will: subtotal, coupon, shipping, tax, total",
        body: quoteBodySchema.extend({ email: emailFieldSchema.optional() }),
        response: { 200: quoteSchema },
      },
    },
    async (request, reply) => {
      const bagId = await bagOf(request);
      const { lineIds, shippingMethodId, couponCode, email } = request.body;
      const attempts = couponAttempts(app, request, `guest:${bagId ?? request.ip}`);
      if (couponCode) await attempts.ensureRoom();
      const lines = bagId ? await guestLinesToPrice(db, bagId, lineIds, app.clock()) : [];
      const pricing = await priceLines(db, {
        lines,
        shippingMethodId,
        couponCode,
        ...(email ? { email } : {}),
        now: new Date(),
      });
      if (couponCode) await attempts.countIfNotValid(pricing.couponMessage);
      return toQuote(pricing, lines, couponCode, (text) => replyText(reply, text));
    },
  );

  app.post(
    "/guest-bag/merge",
    {
      onRequest: requireUser,
      schema: {
        tags: ["guest"],
        summary:
          "After signing in or registering: move the guest bag's lines into my bag (up to 99 each); says what was cut or lost",
        response: { 200: bagMergeReportSchema },
      },
    },
    async (request, reply) => {
      const bagId = await bagOf(request);
      if (!bagId) return { merged: [], reduced: [], unavailable: [] };
      const report = await mergeGuestBag(db, bagId, currentUser(request).id);
      clearBagCookie(reply);
      return report;
    },
  );

  app.post(
    "/guest-orders",
    {
      schema: {
        tags: ["guest"],
        summary:
          "A guest checks out bag lines with an e-mail address: the signed-in checkout's stock, totals, idempotency and payment",
        headers: checkoutHeadersSchema,
        body: guestCheckoutBodySchema,
        response: { 200: orderSchema, 201: orderSchema },
      },
    },
    async (request, reply) => {
      const bagId = await bagOf(request);
      if (!bagId) {
        throw new HttpProblem(409, "Conflict", "Your bag is empty, or it expired. Add the items again.");
      }
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { order, created } = await placeAndPay(
        app,
        request,
        { couponOwner: `guest:${bagId}`, couponCode: request.body.couponCode },
        () =>
          placeGuestOrder(
            db,
            app.payments,
            { bagId, email: request.body.email, language: negotiateLanguage(request.headers, app.config) },
            request.body,
            key,
            app.config.paymentHoldMinutes,
            app.clock(),
          ),
      );
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  /** The order this browser's bag placed, shortly after (orderIdOfBag); 404 whatever the reason. */
  async function bagOrderId(request: FastifyRequest, orderId: string) {
    const bagId = await bagOf(request);
    const found =
      bagId &&
      (await orderIdOfBag(db, bagId, orderId, {
        now: app.clock(),
        holdMinutes: app.config.paymentHoldMinutes,
      }));
    if (!found) throw notFound(GUEST_MESSAGES.orderNotHere);
    return { orderId: found, bagId: bagId! };
  }

  app.get(
    "/guest-orders/:orderId",
    {
      schema: {
        tags: ["guest"],
        summary:
          "The order this browser's guest bag placed, while it may be coming back from the payment page (its hold and an hour)",
        params: orderIdParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => getOrder(db, (await bagOrderId(request, request.params.orderId)).orderId),
  );

  app.post(
    "/guest-orders/:orderId/payment/cancel",
    {
      schema: {
        tags: ["guest"],
        summary:
          "Back from the provider's page with Cancel: end the payment, release the stock, refill the guest bag",
        params: orderIdParams,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const { orderId, bagId } = await bagOrderId(request, request.params.orderId);
      return cancelPayment(app, orderId, { guestBagId: bagId });
    },
  );

  /** The order a link opens; an unknown or revoked token answers 404, whatever it was. */
  async function linkedOrderId(token: string) {
    const orderId = await orderIdOfLink(db, token);
    if (!orderId) throw notFound(GUEST_MESSAGES.linkInvalid);
    return orderId;
  }

  app.post(
    "/order-links/open",
    {
      schema: {
        tags: ["guest"],
        summary: "The order a mailed link opens (the token travels in the body, never in a URL)",
        body: orderLinkBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => getOrder(db, await linkedOrderId(request.body.token)),
  );

  app.post(
    "/order-links/returns",
    {
      schema: {
        tags: ["guest"],
        summary: "Ask to return delivered lines of the linked order, within the return window",
        body: orderLinkBodySchema.extend(returnBodySchema.shape),
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const orderId = await linkedOrderId(request.body.token);
      const { lineIds, reason } = request.body;
      await requestReturn(db, undefined, orderId, { lineIds, reason });
      return reply.code(201).send(await getOrder(db, orderId));
    },
  );

  app.post(
    "/order-links/revoke",
    {
      schema: {
        tags: ["guest"],
        summary: "Revoke this link: it opens nothing from now on (Find my order mails a fresh one)",
        body: orderLinkBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      if (!(await revokeOrderLink(db, request.body.token))) throw notFound(GUEST_MESSAGES.linkInvalid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/order-links/find",
    {
      schema: {
        tags: ["guest"],
        summary:
          "Find my order: mails a fresh link when a guest order has this number and address; the answer is the same either way",
        body: findOrderBodySchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { number, email } = request.body;
      // The mail-sending tier (decision 011): per address, and per e-mail from anywhere.
      await app.limiters.authPerAddress.check(request, `address:${request.ip}`);
      await app.limiters.authPerEmail.check(request, `email:${email.toLowerCase()}`);
      const row = await findGuestOrder(db, number, email);
      if (row) {
        const order = await getOrder(db, row.id);
        await db.transaction(async (tx) => {
          const token = await createOrderLink(tx, order._id);
          const mail = orderMail("order-confirmation", order);
          if (mail.kind !== "order-confirmation") return;
          const { invoice: _, ...data } = mail.data;
          await enqueueMails(tx, [
            {
              kind: "order-link",
              recipient: order.email,
              // An order placed before orders kept their language: the page that asked.
              requestLanguage: negotiateLanguage(request.headers, app.config),
              data: { ...data, orderLinkToken: token },
            },
          ]);
        });
        app.mailSender.wake();
      }
      return reply.code(202).send({ message: replyText(reply, GUEST_MESSAGES.findOrderSent) });
    },
  );
};
