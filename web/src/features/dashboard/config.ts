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

/** The dashboard menu (SPEC section 2): what each viewer sees is decided by the policies. */
export const DASHBOARD_MENU: readonly DashboardMenuItem[] = [
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
  { label: "All Users", to: paths.dashboard.allUsers.getHref(), policy: "admin:manage-shop" },
  { label: "Customers", to: paths.dashboard.customers.getHref(), policy: "admin:manage-shop" },
  { label: "Add Product", to: paths.dashboard.addProduct.getHref(), policy: "admin:manage-shop" },
  { label: "Manage Products", to: paths.dashboard.manageProducts.getHref(), policy: "admin:manage-shop" },
  { label: "Search Synonyms", to: paths.dashboard.searchSynonyms.getHref(), policy: "admin:manage-shop" },
  { label: "All Orders", to: paths.dashboard.allOrders.getHref(), policy: "admin:manage-shop" },
  { label: "Reviews", to: paths.dashboard.moderation.getHref(), policy: "admin:manage-shop" },
  { label: "Mail", to: paths.dashboard.mail.getHref(), policy: "admin:manage-shop" },
  { label: "Campaigns", to: paths.dashboard.campaigns.getHref(), policy: "admin:manage-shop" },
  { label: "Insights", to: paths.dashboard.insights.getHref(), policy: "admin:manage-shop" },
  {
    label: "Low Stock",
    to: paths.dashboard.lowStock.getHref(),
    policy: "admin:manage-shop",
    badge: "low-stock",
  },
  { label: "Checkout Settings", to: paths.dashboard.money.getHref(), policy: "admin:manage-shop" },
  { label: "Import / Export", to: paths.dashboard.catalogueCsv.getHref(), policy: "admin:manage-shop" },
  { label: "Audit Trail", to: paths.dashboard.audit.getHref(), policy: "admin:manage-shop" },
];
