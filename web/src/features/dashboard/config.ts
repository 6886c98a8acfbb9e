import type { Policy } from "@/components/authorization";
import { paths } from "@/config/paths";

/** Texts of the dashboard (SPEC sections 2 and 7; spelt correctly, see DESIGN.md). */
export const DASHBOARD_TEXTS = {
  welcome: "Welcome to Dashboard",
  profileUpdated: "Your Profile Updated",
  myReviewsPlaceholder: "Your reviews of the products you bought will be listed here.",
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
};

/** The dashboard menu (SPEC section 2): what each viewer sees is decided by the policies. */
export const DASHBOARD_MENU: readonly DashboardMenuItem[] = [
  {
    label: "My Profile",
    to: paths.dashboard.root.getHref(),
    end: true,
    alsoOn: [paths.dashboard.editProfile.getHref()],
  },
  { label: "My Reviews", to: paths.dashboard.myReviews.getHref(), policy: "dashboard:my-reviews" },
  { label: "My Orders", to: paths.dashboard.myOrders.getHref() },
  { label: "All Users", to: paths.dashboard.allUsers.getHref(), policy: "admin:manage-shop" },
  { label: "Add Product", to: paths.dashboard.addProduct.getHref(), policy: "admin:manage-shop" },
  { label: "Manage Products", to: paths.dashboard.manageProducts.getHref(), policy: "admin:manage-shop" },
  { label: "All Orders", to: paths.dashboard.allOrders.getHref(), policy: "admin:manage-shop" },
];
