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
    items: [{ label: t("dashboard.menu.allOrders"), to: paths.dashboard.allOrders.getHref(), policy: admin }],
  },
  {
    label: t("dashboard.menu.products"),
    items: [
      { label: t("dashboard.menu.addProduct"), to: paths.dashboard.addProduct.getHref(), policy: admin },
      {
        label: t("dashboard.menu.manageProducts"),
        to: paths.dashboard.manageProducts.getHref(),
        policy: admin,
      },
      { label: t("dashboard.menu.collections"), to: paths.dashboard.collections.getHref(), policy: admin },
      {
        label: t("dashboard.menu.lowStock"),
        to: paths.dashboard.lowStock.getHref(),
        policy: admin,
        badge: "low-stock",
      },
      {
        label: t("dashboard.menu.searchSynonyms"),
        to: paths.dashboard.searchSynonyms.getHref(),
        policy: admin,
      },
      { label: t("dashboard.menu.importExport"), to: paths.dashboard.catalogueCsv.getHref(), policy: admin },
    ],
  },
  {
    label: t("dashboard.menu.customersGroup"),
    items: [
      { label: t("dashboard.menu.customers"), to: paths.dashboard.customers.getHref(), policy: admin },
      { label: t("dashboard.menu.allUsers"), to: paths.dashboard.allUsers.getHref(), policy: admin },
      { label: t("dashboard.menu.reviews"), to: paths.dashboard.moderation.getHref(), policy: admin },
    ],
  },
  {
    label: t("dashboard.menu.marketing"),
    items: [
      { label: t("dashboard.menu.campaigns"), to: paths.dashboard.campaigns.getHref(), policy: admin },
      { label: t("dashboard.menu.homeLinks"), to: paths.dashboard.homeLinks.getHref(), policy: admin },
    ],
  },
  {
    label: t("dashboard.menu.insightsGroup"),
    items: [
      { label: t("dashboard.menu.insights"), to: paths.dashboard.insights.getHref(), policy: admin },
      { label: t("dashboard.menu.audit"), to: paths.dashboard.audit.getHref(), policy: admin },
    ],
  },
  {
    label: t("dashboard.menu.settings"),
    items: [
      { label: t("dashboard.menu.checkoutSettings"), to: paths.dashboard.money.getHref(), policy: admin },
      {
        label: t("dashboard.menu.fulfilment"),
        to: paths.dashboard.fulfilmentSettings.getHref(),
        policy: admin,
      },
      { label: t("dashboard.menu.mail"), to: paths.dashboard.mail.getHref(), policy: admin },
    ],
  },
];
