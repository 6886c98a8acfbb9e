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
  women: { path: "/women", getHref: () => "/women" },
  shoes: { path: "/shoes", getHref: () => "/shoes" },
  gadget: { path: "/gadget", getHref: () => "/gadget" },
  man: { path: "/man", getHref: () => "/man" },
  products: { path: "/products", getHref: () => "/products" },
  reviews: { path: "/review", getHref: () => "/review" },
  cart: { path: "/cart", getHref: () => "/cart" },
  product: {
    path: "/aboutproduct/:productId",
    getHref: (productId: string) => `/aboutproduct/${encodeURIComponent(productId)}`,
  },
  dashboard: {
    root: { path: "/dashboard", getHref: () => "/dashboard" },
    myReviews: { path: "review", getHref: () => "/dashboard/review" },
    allUsers: { path: "allusers", getHref: () => "/dashboard/allusers" },
    addProduct: { path: "addproduct", getHref: () => "/dashboard/addproduct" },
    manageProducts: { path: "manageproduct", getHref: () => "/dashboard/manageproduct" },
    editProfile: { path: "editprofile", getHref: () => "/dashboard/editprofile" },
  },
} as const;
