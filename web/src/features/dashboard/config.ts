import type { ReactNode } from "react";
import type { Policy } from "@/components/authorization";
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
        alsoOn: [paths.dashboard.editProfile.getHref()],
      },
      { label: t("dashboard.menu.accountSecurity"), to: paths.dashboard.account.getHref() },
      {
        label: t("dashboard.menu.myReviews"),
        to: paths.dashboard.myReviews.getHref(),
        policy: "dashboard:my-reviews",
      },
      { label: t("dashboard.menu.myOrders"), to: paths.dashboard.myOrders.getHref() },
      { label: t("dashboard.menu.wishlist"), to: paths.dashboard.wishlist.getHref() },
    ],
  },
  {
    label: t("dashboard.menu.orders"),
    items: [adminPage(t("dashboard.menu.allOrders"), paths.dashboard.allOrders.getHref())],
  },
  {
    label: t("dashboard.menu.products"),
    items: [
      adminPage(t("dashboard.menu.addProduct"), paths.dashboard.addProduct.getHref()),
      adminPage(t("dashboard.menu.manageProducts"), paths.dashboard.manageProducts.getHref()),
      adminPage(t("dashboard.menu.collections"), paths.dashboard.collections.getHref()),
      { ...adminPage(t("dashboard.menu.lowStock"), paths.dashboard.lowStock.getHref()), badge: "low-stock" },
      adminPage(t("dashboard.menu.searchSynonyms"), paths.dashboard.searchSynonyms.getHref()),
      adminPage(t("dashboard.menu.importExport"), paths.dashboard.catalogueCsv.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.customersGroup"),
    items: [
      adminPage(t("dashboard.menu.customers"), paths.dashboard.customers.getHref()),
      adminPage(t("dashboard.menu.allUsers"), paths.dashboard.allUsers.getHref()),
      adminPage(t("dashboard.menu.reviews"), paths.dashboard.moderation.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.marketing"),
    items: [
      adminPage(t("dashboard.menu.campaigns"), paths.dashboard.campaigns.getHref()),
      adminPage(t("dashboard.menu.homeLinks"), paths.dashboard.homeLinks.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.insightsGroup"),
    items: [
      adminPage(t("dashboard.menu.insights"), paths.dashboard.insights.getHref()),
      adminPage(t("dashboard.menu.audit"), paths.dashboard.audit.getHref()),
    ],
  },
  {
    label: t("dashboard.menu.settings"),
    items: [
      adminPage(t("dashboard.menu.checkoutSettings"), paths.dashboard.money.getHref()),
      adminPage(t("dashboard.menu.fulfilment"), paths.dashboard.fulfilmentSettings.getHref()),
      adminPage(t("dashboard.menu.mail"), paths.dashboard.mail.getHref()),
    ],
  },
];
