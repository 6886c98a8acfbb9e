/**
 * The dashboard's pages below /dashboard (paths.dashboard.root), apart from paths.ts: only pages
 * opened later link to them, and paths.ts loads with every first visit. `path` is relative to
 * the dashboard's own routes (app/routes/dashboard-route.tsx).
 */
export const dashboardPaths = {
  myReviews: { path: "review", getHref: () => "/dashboard/review" },
  allUsers: { path: "allusers", getHref: () => "/dashboard/allusers" },
  customers: { path: "customers", getHref: () => "/dashboard/customers" },
  customer: {
    path: "customers/:customerId",
    getHref: (customerId: string) => `/dashboard/customers/${encodeURIComponent(customerId)}`,
  },
  searchSynonyms: { path: "search-synonyms", getHref: () => "/dashboard/search-synonyms" },
  collections: { path: "collections", getHref: () => "/dashboard/collections" },
  addProduct: { path: "addproduct", getHref: () => "/dashboard/addproduct" },
  manageProducts: { path: "manageproduct", getHref: () => "/dashboard/manageproduct" },
  editProfile: { path: "editprofile", getHref: () => "/dashboard/editprofile" },
  myOrders: { path: "orders", getHref: () => "/dashboard/orders" },
  order: {
    path: "orders/:orderId",
    getHref: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
  },
  allOrders: { path: "allorders", getHref: () => "/dashboard/allorders" },
  moderation: { path: "moderation", getHref: () => "/dashboard/moderation" },
  account: { path: "account", getHref: () => "/dashboard/account" },
  mail: { path: "mail", getHref: () => "/dashboard/mail" },
  insights: { path: "insights", getHref: () => "/dashboard/insights" },
  lowStock: { path: "lowstock", getHref: () => "/dashboard/lowstock" },
  money: { path: "checkout-settings", getHref: () => "/dashboard/checkout-settings" },
  fulfilmentSettings: { path: "invoices-and-carriers", getHref: () => "/dashboard/invoices-and-carriers" },
  catalogueCsv: { path: "import-export", getHref: () => "/dashboard/import-export" },
  homeLinks: { path: "home-links", getHref: () => "/dashboard/home-links" },
  audit: { path: "audit", getHref: () => "/dashboard/audit" },
  campaigns: { path: "campaigns", getHref: () => "/dashboard/campaigns" },
  wishlist: { path: "wishlist", getHref: () => "/dashboard/wishlist" },
} as const;
