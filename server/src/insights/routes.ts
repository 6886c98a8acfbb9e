import { insightsQuerySchema, insightsSchema, type InsightPeriod } from "@shop/contract/desk";
import { adminOnlyRoutes } from "../auth/guards";
import { getInsights } from "./service";

export const insightsRoutes = adminOnlyRoutes(async (app, db) => {
  app.get(
    "/admin/insights",
    {
      schema: {
        summary: "Revenue, orders, average order and units per day; totals, the previous period, top sellers",
        querystring: insightsQuerySchema,
        response: { 200: insightsSchema },
      },
    },
    async (request) => getInsights(db, { days: request.query.days as InsightPeriod, end: request.query.end }),
  );
});
