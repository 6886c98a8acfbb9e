import type { ReactNode } from "react";
import type { Policy } from "@/components/authorization";
import { paths } from "@/config/paths";

/** Counts the app puts beside menu items; the dashboard does not know where they come from. */
export type DashboardBadge = "low-stock";
export type DashboardBadges = Partial<Record<DashboardBadge, ReactNode>>;

/** Texts of the dashboard (SPEC sections 2 and 7; spelt correctly, see DESIGN.md). */
export const DASHBOARD_TEXTS = {
  welcome: "Welcome to Dashboard",
  profileUpdated: "Your Profile Updated",
} as const;

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
        label: "My Profile",
        to: paths.dashboard.root.getHref(),
        end: true,
        alsoOn: [paths.dashboard.editProfile.getHref()],
      },
      { label: "Account & Security", to: paths.dashboard.account.getHref() },
      { label: "My Reviews", to: paths.dashboard.myReviews.getHref(), policy: "dashboard:my-reviews" },
      { label: "My Orders", to: paths.dashboard.myOrders.getHref() },
      { label: "Wishlist", to: paths.dashboard.wishlist.getHref() },
    ],
  },
  {
    label: "Orders",
    items: [{ label: "All Orders", to: paths.dashboard.allOrders.getHref(), policy: admin }],
  },
  {
    label: "Products",
    items: [
      { label: "Add Product", to: paths.dashboard.addProduct.getHref(), policy: admin },
      { label: "Manage Products", to: paths.dashboard.manageProducts.getHref(), policy: admin },
      { label: "Collections", to: paths.dashboard.collections.getHref(), policy: admin },
      { label: "Low Stock", to: paths.dashboard.lowStock.getHref(), policy: admin, badge: "low-stock" },
      { label: "Search Synonyms", to: paths.dashboard.searchSynonyms.getHref(), policy: admin },
      { label: "Import / Export", to: paths.dashboard.catalogueCsv.getHref(), policy: admin },
    ],
  },
  {
    label: "Customers",
    items: [
      { label: "Customers", to: paths.dashboard.customers.getHref(), policy: admin },
      { label: "All Users", to: paths.dashboard.allUsers.getHref(), policy: admin },
      { label: "Reviews", to: paths.dashboard.moderation.getHref(), policy: admin },
    ],
  },
  {
    label: "Marketing",
    items: [
      { label: "Campaigns", to: paths.dashboard.campaigns.getHref(), policy: admin },
      { label: "Home Page Links", to: paths.dashboard.homeLinks.getHref(), policy: admin },
    ],
  },
  {
    label: "Insights",
    items: [
      { label: "Insights", to: paths.dashboard.insights.getHref(), policy: admin },
      { label: "Audit Trail", to: paths.dashboard.audit.getHref(), policy: admin },
    ],
  },
  {
    label: "Settings",
    items: [
      { label: "Checkout Settings", to: paths.dashboard.money.getHref(), policy: admin },
      { label: "Invoices & Carriers", to: paths.dashboard.fulfilmentSettings.getHref(), policy: admin },
      { label: "Mail", to: paths.dashboard.mail.getHref(), policy: admin },
    ],
  },
];
