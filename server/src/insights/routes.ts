import { insightsQuerySchema, insightsSchema, type InsightPeriod } from "@shop/contract/desk";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminOnly } from "../auth/guards";
import { getInsights } from "./service";

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  adminOnly(app);

  app.get(
    "/admin/insights",
    {
      schema: {
        summary: "Revenue, orders, average order and units per day; totals, the previous period, top sellers",
        querystring: insightsQuerySchema,
        response: { 200: insightsSchema },
      },
    },
    async (request) =>
      getInsights(app.database.db, { days: request.query.days as InsightPeriod, end: request.query.end }),
  );
};
