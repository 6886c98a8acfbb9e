import { auditEventSchema, auditQuerySchema } from "@shop/contract/desk";
import { z } from "zod";
import { adminOnlyRoutes } from "../auth/guards";
import { pageReply } from "../http/page-reply";
import { listAuditEvents } from "./service";

/** The audit trail is read-only here: no route changes or removes an event (the database refuses too). */
export const auditRoutes = adminOnlyRoutes(async (app, db) => {
  app.get(
    "/admin/audit",
    {
      schema: {
        summary: "Who changed a price, stock, product, order status or role: newest first, filterable",
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEventSchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listAuditEvents(db, request.query)),
  );
});
