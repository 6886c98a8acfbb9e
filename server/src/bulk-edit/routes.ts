import { bulkEditRequestSchema, bulkPreviewSchema, bulkResultSchema } from "@shop/contract/bulk-edit";
import { adminOnlyRoutes, currentUser } from "../auth/guards";
import { applyBulkEdit, previewBulkEdit } from "./service";

/** Bulk edits of Manage Products (decision 047), for admins: 401 signed out, 403 for a shopper. */
export const bulkEditRoutes = adminOnlyRoutes(async (app, db) => {
  app.post(
    "/admin/products/bulk/preview",
    {
      schema: {
        summary:
          "What a bulk edit would change: products selected, how many change, and the first of them before → after (writes nothing)",
        body: bulkEditRequestSchema,
        response: { 200: bulkPreviewSchema },
      },
    },
    async (request) => previewBulkEdit(db, request.body, { now: app.clock() }),
  );

  app.post(
    "/admin/products/bulk",
    {
      schema: {
        summary:
          "Apply a bulk edit in one transaction (all or nothing), one audit event per product changed; 409 when the selection no longer holds `expectedCount` products, 422 when a product cannot take the change",
        body: bulkEditRequestSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const result = await applyBulkEdit(db, currentUser(request), request.body, {
        now: app.clock(),
      });
      if (result.changed > 0) await app.catalogueChanged();
      return result;
    },
  );
});
