import { auditEventSchema, auditQuerySchema } from "@shop/contract/desk";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../auth/guards";
import { pageReply } from "../http/page-reply";
import { listAuditEvents } from "./service";

/** The audit trail is read-only here: no route changes or removes an event (the database refuses too). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    "/admin/audit",
    {
      schema: {
        summary: "Who changed a price, stock, product, order status or role: newest first, filterable",
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listAuditEvents(app.database.db, request.query)),
  );
};
