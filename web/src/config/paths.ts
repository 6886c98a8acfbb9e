/** The query parameter that names a cart line to check out (repeated for several lines). */
export const CHECKOUT_LINE_PARAM = "line";

/**
 * /checkout for the given cart lines (a line's Pay button passes its one id), or for the whole
 * cart when no ids are given (the 'Checkout' button under the cart).
 */
export function checkoutPath(lineIds?: readonly string[]): string {
  if (!lineIds || lineIds.length === 0) return "/checkout";
  const params = new URLSearchParams(lineIds.map((id) => [CHECKOUT_LINE_PARAM, id]));
  return `/checkout?${params.toString()}`;
}

/**
 * Every route of SPEC section 2, in one place. Links use `paths.x.getHref()`, the router uses
 * `paths.x.path`; renaming a route is then a one-line change.
 */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  blog: { path: "/blog", getHref: () => "/blog" },
  login: {
    path: "/login",
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login",
  },
  register: { path: "/register", getHref: () => "/register" },
  forgotPassword: { path: "/forgot-password", getHref: () => "/forgot-password" },
  /** The page a reset mail's link opens (server/src/mail/account-mail.ts builds the link). */
  resetPassword: { path: "/reset-password", getHref: () => "/reset-password" },
  /**
   * The pages a newsletter mail's links open, /newsletter/confirm and /newsletter/unsubscribe (the
   * server builds the links, with their token; one route and no getHref: nothing in the app links
   * there, and every byte here is on the first page).
   */
  newsletterLink: { path: "/newsletter/:action" },
  /** A guest's order by its mailed link (token after `#`), and Find my order (GUEST_CHECKOUT). */
  orderLink: { path: "/order-link" },
  /** A wishlist someone shared: read-only, no sign-in. */
  sharedWishlist: {
    path: "/wishlist/:token",
    getHref: (token: string) => `/wishlist/${encodeURIComponent(token)}`,
  },
  women: { path: "/women", getHref: () => "/women" },
  shoes: { path: "/shoes", getHref: () => "/shoes" },
  gadget: { path: "/gadget", getHref: () => "/gadget" },
  man: { path: "/man", getHref: () => "/man" },
  products: { path: "/products", getHref: () => "/products" },
  collection: {
    path: "/collections/:slug",
    getHref: (slug: string) => `/collections/${encodeURIComponent(slug)}`,
  },
  reviews: { path: "/review", getHref: () => "/review" },
  cart: { path: "/cart", getHref: () => "/cart" },
  product: {
    path: "/aboutproduct/:productId",
    getHref: (productId: string) => `/aboutproduct/${encodeURIComponent(productId)}`,
    /** The owner's preview of a product shoppers do not see yet (a draft, a scheduled launch). */
    getPreviewHref: (productId: string) => `/aboutproduct/${encodeURIComponent(productId)}?preview`,
  },
  checkout: { path: "/checkout", getHref: checkoutPath },
  /** Where Stripe's page sends the shopper back (the server builds the same URL for it). */
  paymentReturn: {
    path: "/checkout/payment/:orderId",
    getHref: (orderId: string) => `/checkout/payment/${encodeURIComponent(orderId)}`,
  },
  orderConfirmation: {
    path: "/checkout/confirmation/:orderId",
    getHref: (orderId: string) => `/checkout/confirmation/${encodeURIComponent(orderId)}`,
  },
  dashboard: {
    root: { path: "/dashboard", getHref: () => "/dashboard" },
  },
} as const;
