import type { ReactNode } from "react";
import type { Policy } from "@/components/authorization";
import { dashboardPaths } from "@/config/dashboard-paths";
import { paths } from "@/config/paths";
import { t } from "@/features/dashboard/messages";

/** Counts the app puts beside menu items; the dashboard does not know where they come from. */
export type DashboardBadge = "low-stock";
export type DashboardBadges = Partial<Record<DashboardBadge, ReactNode>>;

export type DashboardMenuItem = {
  label: string;
  to: string;
  /** NavLink's `end`: active only on exactly this address. */
  end?: boolean;
  /** Other addresses that belong to this item (highlighted, not marked as the current page). */
  alsoOn?: readonly string[];
  /** Who sees the item; everyone signed in when absent. */
  policy?: Policy;
  /** A count beside the label (the low-stock badge). */
  badge?: DashboardBadge;
};

/** A heading over some of the menu's items; the shopper's own pages come first, without one. */
export type DashboardMenuGroup = { label: string | null; items: readonly DashboardMenuItem[] };

const admin = "admin:manage-shop" satisfies Policy;

/** An item only admins see: one of the shop's pages. */
const adminPage = (label: string, to: string): DashboardMenuItem => ({ label, to, policy: admin });

/**
 * The dashboard menu (SPEC section 2): what each viewer sees is decided by the policies. An
 * admin's pages are grouped the way shop owners look for them (issue 40): orders, products,
 * customers, marketing, insights, settings.
 */
export const DASHBOARD_MENU: readonly DashboardMenuGroup[] = [
  {
    label: null,
    items: [
      {
        label: t("dashboard.menu.myProfile"),
        to: paths.dashboard.root.getHref(),
        end: true,
        alsoOn: [dashboardPaths.editProfile.getHref()],
      },
      { label: t("dashboard.menu.accountSecurity"), to: dashboardPaths.account.getHref() },
      {
        label: t("dashboard.menu.myReviews"),
        to: dashboardPaths.myReviews.getHref(),
        policy: "dashboard:my-reviews",
      },
      { label: t("dashboard.menu.myOrders"), to: dashboardPaths.myOrders.getHref() },
      { label: t("dashboard.menu.wishlist"), to: dashboardPaths.wishlist.getHref() },
    ],
  },
  {
    label: t("dashboard.menu.orders"),
    items: [adminPage(t("dashboard.menu.allOrders"), dashboardPaths.allOrders.getHref())],
  },
  {
    label: t("dashboard.menu.products"),
    items: [
      adminPage(t("dashboard.menu.addProduct"), dashboardPaths.addProduct.getHref()),
      adminPage(t("dashboard.menu.manageProducts"), dashboardPaths.manageProducts.getHref()),
      adminPage(t("dashboard.menu.collections"), dashboardPaths.collections.getHref()),
      { ...adminPage(t("dashboard.menu.lowStock"), dashboardPaths.lowStock.getHref()), badge: "low-stock" },
      adminPage(t("dashboard.menu.searchSynonyms"), dashboardPaths.searchSynonyms.getHref()),
      adminPage(t("dashboard.menu.importExport"), dashboardPaths.catalogueCsv.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.customersGroup"),
    items: [
      adminPage(t("dashboard.menu.customers"), dashboardPaths.customers.getHref()),
      adminPage(t("dashboard.menu.allUsers"), dashboardPaths.allUsers.getHref()),
      adminPage(t("dashboard.menu.reviews"), dashboardPaths.moderation.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.marketing"),
    items: [
      adminPage(t("dashboard.menu.campaigns"), dashboardPaths.campaigns.getHref()),
      adminPage(t("dashboard.menu.homeLinks"), dashboardPaths.homeLinks.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.insightsGroup"),
    items: [
      adminPage(t("dashboard.menu.insights"), dashboardPaths.insights.getHref()),
      adminPage(t("dashboard.menu.audit"), dashboardPaths.audit.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.settings"),
    items: [
      adminPage(t("dashboard.menu.checkoutSettings"), dashboardPaths.money.getHref()),
      adminPage(t("dashboard.menu.fulfilment"), dashboardPaths.fulfilmentSettings.getHref()),
      adminPage(t("dashboard.menu.mail"), dashboardPaths.mail.getHref()),
    ],
  },
];
