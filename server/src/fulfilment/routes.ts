import {
  BUILT_IN_CARRIERS,
  documentNumber,
  fulfilmentSettingsSchema,
  fulfilmentSettingsViewSchema,
  packingSlipsQuerySchema,
  shipBodySchema,
} from "@shop/contract/fulfilment";
import { orderSchema } from "@shop/contract/orders";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { withAuditActor } from "../audit/actor";
import { currentUser, makeGuards } from "../auth/guards";
import { invoices, refunds } from "../db/schema";
import { notFound, replyLanguage } from "../http/problem";
import { getOrder } from "../orders/service";
import { invoiceOf, orderLanguage } from "./documents";
import { creditNotePdf, invoicePdf, packingSlipsPdf } from "./pdf";
import { getFulfilmentSettings, setFulfilmentSettings } from "./settings";
import { markShipmentDelivered, shipOrder } from "./shipments";

const orderIdParams = z.object({ orderId: z.uuid() });

const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .send(pdf);

export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser, requireAdmin } = makeGuards(app);

  /** The order as its shopper (their own only) or an admin (any) may see it. */
  const visibleOrder = (request: Parameters<typeof currentUser>[0], orderId: string) => {
    const user = currentUser(request);
    return getOrder(db, orderId, user.role === "admin" ? undefined : user.id);
  };

  app.get(
    "/admin/fulfilment-settings",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "The seller's details for invoices, the carriers and how the invoice travels with the mail",
        response: { 200: fulfilmentSettingsViewSchema },
      },
    },
    async () => ({ ...(await getFulfilmentSettings(db)), builtInCarriers: [...BUILT_IN_CARRIERS] }),
  );

  app.put(
    "/admin/fulfilment-settings",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change the seller's details, the owner's own carriers or the invoice in the mail",
        body: fulfilmentSettingsSchema,
        response: { 200: fulfilmentSettingsViewSchema },
      },
    },
    async (request) => ({
      ...(await setFulfilmentSettings(db, request.body)),
      builtInCarriers: [...BUILT_IN_CARRIERS],
    }),
  );

  app.post(
    "/admin/orders/:orderId/shipments",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Send a parcel: some lines (or all that is left) with a carrier and tracking number",
        params: orderIdParams,
        body: shipBodySchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const order = await withAuditActor(db, currentUser(request), (tx) =>
        shipOrder(tx, request.params.orderId, request.body),
      );
      app.mailSender.wake();
      return reply.code(201).send(order);
    },
  );

  app.post(
    "/admin/orders/:orderId/shipments/:shipmentId/delivered",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "A parcel arrived; the order is delivered when all of it has",
        params: orderIdParams.extend({ shipmentId: z.uuid() }),
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const order = await withAuditActor(db, currentUser(request), (tx) =>
        markShipmentDelivered(tx, request.params.orderId, request.params.shipmentId),
      );
      app.mailSender.wake();
      return order;
    },
  );

  app.get(
    "/orders/:orderId/invoice.pdf",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The order's invoice as PDF (one of my orders; any order for an admin)",
        params: orderIdParams,
      },
    },
    async (request, reply) => {
      const order = await visibleOrder(request, request.params.orderId);
      const invoice = await invoiceOf(db, order._id);
      return sendPdf(
        reply,
        `${documentNumber("invoice", invoice.number)}.pdf`,
        await invoicePdf(order, invoice, await orderLanguage(db, order._id)),
      );
    },
  );

  app.get(
    "/orders/:orderId/credit-notes/:documentId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["orders"],
        summary: "A credit note of the order as PDF (one of my orders; any order for an admin)",
        params: orderIdParams.extend({ documentId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const order = await visibleOrder(request, request.params.orderId);
      const [found] = await db
        .select({ note: invoices, reason: refunds.reason })
        .from(invoices)
        .innerJoin(refunds, eq(refunds.id, invoices.refundId))
        .where(
          and(
            eq(invoices.id, request.params.documentId),
            eq(invoices.orderId, order._id),
            eq(invoices.kind, "credit-note"),
          ),
        );
      if (!found) throw notFound("No such credit note on this order.");
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order._id), eq(invoices.kind, "invoice")));
      return sendPdf(
        reply,
        `${documentNumber("credit-note", found.note.number)}.pdf`,
        await creditNotePdf(order, found.note, invoice, found.reason, await orderLanguage(db, order._id)),
      );
    },
  );

  app.get(
    "/admin/orders/:orderId/packing-slip.pdf",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "The order's packing slip (no prices) as PDF",
        params: orderIdParams,
      },
    },
    async (request, reply) => {
      const order = await getOrder(db, request.params.orderId);
      const { seller } = await getFulfilmentSettings(db);
      // Packing slips are the staff's: in the language of the admin who asks, as their problem details.
      return sendPdf(
        reply,
        `packing-slip-${order.number}.pdf`,
        await packingSlipsPdf([order], seller, replyLanguage(reply)),
      );
    },
  );

  app.get(
    "/admin/packing-slips.pdf",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Packing slips of several orders in one PDF, in the order given",
        querystring: packingSlipsQuerySchema,
      },
    },
    async (request, reply) => {
      const orders = [];
      for (const id of new Set(request.query.ids)) orders.push(await getOrder(db, id));
      const { seller } = await getFulfilmentSettings(db);
      return sendPdf(
        reply,
        `packing-slips-${orders.length}.pdf`,
        await packingSlipsPdf(orders, seller, replyLanguage(reply)),
      );
    },
  );
};
