import { matchRoutes, useRoutes, type RouteObject } from "react-router";

import { RequirePolicy } from "@/components/authorization";
import { dashboardPaths } from "@/config/dashboard-paths";
import { paths } from "@/config/paths";
import { DashboardLayout } from "@/features/dashboard/pages/dashboard-layout";
import { LowStockBadge } from "@/features/stock/components/low-stock-badge";
import { lazyPage, type LazyPage } from "@/lib/lazy-page";

/**
 * The dashboard's pages, relative to /dashboard: a signed-in user's account, and the owner's desk
 * inside RequirePolicy, which shows 'not authorized' to others. Each page is its own lazily loaded
 * chunk, as in app/router.tsx.
 */
const dashboardPages: RouteObject[] = [
  {
    index: true,
    Component: lazyPage(() => import("@/features/dashboard/pages/profile-page").then((m) => m.ProfilePage)),
  },
  {
    path: dashboardPaths.myReviews.path,
    Component: lazyPage(() =>
      import("@/features/reviews/pages/my-reviews-page").then((m) => m.MyReviewsPage),
    ),
  },
  {
    path: dashboardPaths.wishlist.path,
    Component: lazyPage(() => import("@/features/wishlist/pages/wishlist-page").then((m) => m.WishlistPage)),
  },
  {
    path: dashboardPaths.myOrders.path,
    Component: lazyPage(() => import("@/features/orders/pages/my-orders-page").then((m) => m.MyOrdersPage), {
      // Its own small chunk, so the orders' schemas stay out of the first download.
      data: () =>
        void import("@/features/orders/api/orders")
          .then((m) => m.prefetchMyOrders())
          // The page asks for its orders itself (and shows a failure) if this does not.
          .catch(() => {}),
    }),
  },
  {
    path: dashboardPaths.order.path,
    Component: lazyPage(() =>
      import("@/features/orders/pages/order-detail-page").then((m) => m.OrderDetailPage),
    ),
  },
  {
    element: <RequirePolicy policy="admin:manage-shop" />,
    children: [
      {
        path: dashboardPaths.allOrders.path,
        Component: lazyPage(() =>
          import("@/features/orders/pages/all-orders-page").then((m) => m.AllOrdersPage),
        ),
      },
      {
        path: dashboardPaths.moderation.path,
        Component: lazyPage(() =>
          import("@/features/reviews/pages/moderation-page").then((m) => m.ModerationPage),
        ),
      },
      {
        path: dashboardPaths.allUsers.path,
        Component: lazyPage(() =>
          import("@/features/admin/pages/all-users-page").then((m) => m.AllUsersPage),
        ),
      },
      {
        path: dashboardPaths.customers.path,
        Component: lazyPage(() =>
          import("@/features/admin/pages/customers-page").then((m) => m.CustomersPage),
        ),
      },
      {
        path: dashboardPaths.customer.path,
        Component: lazyPage(() => import("@/features/admin/pages/customer-page").then((m) => m.CustomerPage)),
      },
      {
        path: dashboardPaths.searchSynonyms.path,
        Component: lazyPage(() =>
          import("@/features/search/pages/search-synonyms-page").then((m) => m.SearchSynonymsPage),
        ),
      },
      {
        path: dashboardPaths.collections.path,
        Component: lazyPage(() =>
          import("@/features/admin/pages/collections-page").then((m) => m.CollectionsPage),
        ),
      },
      {
        path: dashboardPaths.addProduct.path,
        Component: lazyPage(() =>
          import("@/features/admin/pages/add-product-page").then((m) => m.AddProductPage),
        ),
      },
      {
        path: dashboardPaths.insights.path,
        Component: lazyPage(() =>
          import("@/features/insights/pages/insights-page").then((m) => m.InsightsPage),
        ),
      },
      {
        path: dashboardPaths.money.path,
        Component: lazyPage(() =>
          import("@/features/money/pages/money-settings-page").then((m) => m.MoneySettingsPage),
        ),
      },
      {
        path: dashboardPaths.fulfilmentSettings.path,
        Component: lazyPage(() =>
          import("@/features/fulfilment/pages/fulfilment-settings-page").then(
            (m) => m.FulfilmentSettingsPage,
          ),
        ),
      },
      {
        path: dashboardPaths.lowStock.path,
        Component: lazyPage(() =>
          import("@/features/stock/pages/low-stock-page").then((m) => m.LowStockPage),
        ),
      },
      {
        path: dashboardPaths.catalogueCsv.path,
        Component: lazyPage(() =>
          import("@/features/catalogue-csv/pages/import-export-page").then((m) => m.ImportExportPage),
        ),
      },
      {
        path: dashboardPaths.audit.path,
        Component: lazyPage(() =>
          import("@/features/audit/pages/audit-trail-page").then((m) => m.AuditTrailPage),
        ),
      },
      {
        path: dashboardPaths.campaigns.path,
        Component: lazyPage(() =>
          import("@/features/newsletter/pages/campaigns-page").then((m) => m.CampaignsPage),
        ),
      },
      {
        path: dashboardPaths.mail.path,
        Component: lazyPage(() => import("@/features/admin/pages/mail-page").then((m) => m.MailPage)),
      },
      {
        path: dashboardPaths.homeLinks.path,
        Component: lazyPage(() =>
          import("@/features/admin/pages/home-links-page").then((m) => m.HomeLinksPage),
        ),
      },
      {
        path: dashboardPaths.manageProducts.path,
        Component: lazyPage(() =>
          import("@/features/admin/pages/manage-products-page").then((m) => m.ManageProductsPage),
        ),
      },
    ],
  },
  {
    path: dashboardPaths.account.path,
    Component: lazyPage(() => import("@/features/dashboard/pages/account-page").then((m) => m.AccountPage)),
  },
  {
    path: dashboardPaths.editProfile.path,
    Component: lazyPage(() =>
      import("@/features/dashboard/pages/edit-profile-page").then((m) => m.EditProfilePage),
    ),
  },
];

const dashboardRoutes: RouteObject[] = [
  {
    // The owner's low-stock count beside its menu item.
    element: <DashboardLayout menuBadges={{ "low-stock": <LowStockBadge /> }} />,
    children: dashboardPages,
  },
  {
    // No such dashboard page: the shop's own 404, without the dashboard around it.
    path: "*",
    Component: lazyPage(() => import("@/app/routes/not-found-page").then((m) => m.NotFoundPage)),
  },
];

/** /dashboard/*: the dashboard's layout and the page the rest of the address names. */
export function DashboardRoute() {
  return useRoutes(dashboardRoutes);
}

/** Starts downloading the dashboard page at `pathname` (app/router.tsx's preloadPage, one level down). */
export async function preloadDashboardPage(pathname: string): Promise<void> {
  const matches = matchRoutes(dashboardRoutes, pathname, paths.dashboard.root.path) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.Component as Partial<LazyPage> | null | undefined)?.preload?.()),
  );
}
