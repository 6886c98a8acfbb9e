import type { FastifyInstance } from "fastify";
import { adminRoutes } from "../admin/routes";
import { auditRoutes } from "../audit/routes";
import { authRoutes } from "../auth/routes";
import { backupRoutes } from "../backup/routes";
import { bulkEditRoutes } from "../bulk-edit/routes";
import { cartRoutes } from "../cart/routes";
import { catalogueCsvRoutes } from "../catalogue-csv/routes";
import { collectionAdminRoutes, collectionRoutes } from "../collections/routes";
import { customerRoutes } from "../customers/routes";
import { fulfilmentRoutes } from "../fulfilment/routes";
import { guestRoutes } from "../guest/routes";
import { healthRoutes } from "../health/routes";
import { insightsRoutes } from "../insights/routes";
import { mailRoutes } from "../mail/routes";
import { marketingRoutes } from "../marketing/routes";
import { moneyRoutes } from "../money/routes";
import { metricsRoutes } from "../observability/metrics";
import { orderRoutes } from "../orders/routes";
import { paymentRoutes } from "../payments/routes";
import { productRoutes } from "../products/routes";
import { profileRoutes } from "../profile/routes";
import { reviewRoutes } from "../reviews/routes";
import { searchRoutes } from "../search/routes";
import { stockRoutes } from "../stock/routes";
import { uploadRoutes } from "../uploads/routes";
import { userRoutes } from "../users/routes";
import { wishlistRoutes } from "../wishlist/routes";

/** Every route of the API under /api; each feature's plugin guards its own routes. */
export async function registerApiRoutes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(profileRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      // GUEST_CHECKOUT (issue 38): registers nothing unless the owner turned it on.
      await api.register(guestRoutes);
      await api.register(moneyRoutes);
      await api.register(paymentRoutes);
      await api.register(fulfilmentRoutes);
      await api.register(adminRoutes);
      await api.register(backupRoutes);
      await api.register(mailRoutes);
      // Newsletter, campaigns, back-in-stock requests (issue 42).
      await api.register(marketingRoutes);
      await api.register(wishlistRoutes);
      // The owner's desk (issue 20): admins only.
      await api.register(insightsRoutes);
      await api.register(stockRoutes);
      await api.register(customerRoutes);
      await api.register(catalogueCsvRoutes);
      // Bulk edits of Manage Products (issue 39).
      await api.register(bulkEditRoutes);
      await api.register(auditRoutes);
      await api.register(uploadRoutes);
      await api.register(productRoutes);
      // Collections (issue 39): shoppers read them, admins manage them.
      await api.register(collectionRoutes);
      await api.register(collectionAdminRoutes);
      await api.register(reviewRoutes);
      await api.register(searchRoutes);
      api.get("/docs", { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );
}
