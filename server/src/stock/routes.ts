import { lowStockCountSchema, lowStockSchema, lowStockSettingsSchema } from "@shop/contract/desk";
import { adminOnlyRoutes } from "../auth/guards";
import { countLowStock, listLowStock, setLowStockThreshold } from "./service";

export const stockRoutes = adminOnlyRoutes(async (app, db) => {
  app.get(
    "/admin/low-stock",
    {
      schema: {
        summary:
          "Products below the low-stock threshold, lowest first, with days of cover (28 days of sales)",
        response: { 200: lowStockSchema },
      },
    },
    async () => listLowStock(db),
  );

  app.get(
    "/admin/low-stock/count",
    {
      schema: {
        summary: "How many products are below the threshold (the dashboard menu's badge)",
        response: { 200: lowStockCountSchema },
      },
    },
    async () => ({ count: await countLowStock(db) }),
  );

  app.put(
    "/admin/settings/low-stock",
    {
      schema: {
        summary: "Set the low-stock threshold (units)",
        body: lowStockSettingsSchema,
        response: { 200: lowStockSettingsSchema },
      },
    },
    async (request) => ({ threshold: await setLowStockThreshold(db, request.body.threshold) }),
  );
});
