import { TOTAL_COUNT_HEADER } from "@shop/contract/catalogue";
import { auditEventSchema, auditQuerySchema } from "@shop/contract/desk";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { makeGuards } from "../auth/guards";
import { listAuditEvents } from "./service";

/** The audit trail is read-only here: no route changes or removes an event (the database refuses too). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { requireAdmin } = makeGuards(app);
  app.addHook("onRequest", requireAdmin);

  app.get(
    "/admin/audit",
    {
      schema: {
        tags: ["admin"],
        summary: "Who changed a price, stock, product, order status or role: newest first, filterable",
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAuditEvents(app.database.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );
};
