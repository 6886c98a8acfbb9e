import { BrowserRouter, matchRoutes, useLocation, useRoutes, type RouteObject } from "react-router";

import { ShellLayout } from "@/app/layout/shell-layout";
import { RootRouteError, RouteErrorBoundary } from "@/components/errors/route-error";
import { ProtectedRoute } from "@/components/protected-route";
import { paths } from "@/config/paths";
import { CATEGORY_PAGE_SIZES, MAN_PAGE_SIZES, PRODUCTS_PAGE_SIZES } from "@/features/catalogue/config";
import { prefetchProducts } from "@/features/catalogue/api/get-products";
import { HOME_HERO_IMAGE } from "@/features/home/config";
import { lazyPage, type LazyPage } from "@/lib/lazy-page";
import { Toaster } from "@/lib/toast";

/** The address's search parameter as the page reads it (useSearchParamInput). */
const searchParam = (name: string) => (new URLSearchParams(window.location.search).get(name) ?? "").trim();

/*
 * Every route of SPEC section 2. Each page is its own lazily loaded chunk (lazyPage: spinner
 * while loading, 120 s time-out, retry on failure) and its own error boundary; the shell has
 * one around its content and one more sits around everything, so a broken page never takes the
 * shell down.
 *
 * A declarative router (BrowserRouter + useRoutes), not a data router: pages load their own data
 * (a catalogue page only starts its first request early, with lazyPage's `data`), and the data
 * router's code would be 16 KB gzip more on every first visit (docs/decisions/007-web-bundle-budget.md).
 *
 * Access (SPEC sections 2 and 6): home, /blog, /login, /register, /forgot-password and
 * /reset-password are public (and the catalogue with PUBLIC_CATALOGUE); every other page
 * sits inside ProtectedRoute (spinner while the session loads, else /login?redirectTo=…); the
 * admin pages of the dashboard sit inside RequirePolicy (app/routes/dashboard-route.tsx).
 */
const publicRoutes: RouteObject[] = [
  {
    index: true,
    Component: lazyPage(() => import("@/features/home/pages/home-page").then((m) => m.HomePage), {
      images: [HOME_HERO_IMAGE],
    }),
  },
  {
    path: paths.blog.path,
    Component: lazyPage(() => import("@/features/blog/pages/blog-page").then((m) => m.BlogPage)),
  },
  {
    path: paths.login.path,
    Component: lazyPage(() => import("@/features/auth/pages/login-page").then((m) => m.LoginPage)),
  },
  {
    path: paths.register.path,
    Component: lazyPage(() => import("@/features/auth/pages/register-page").then((m) => m.RegisterPage)),
  },
  {
    path: paths.forgotPassword.path,
    Component: lazyPage(() =>
      import("@/features/auth/pages/forgot-password-page").then((m) => m.ForgotPasswordPage),
    ),
  },
  {
    path: paths.resetPassword.path,
    Component: lazyPage(() =>
      import("@/features/auth/pages/reset-password-page").then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: paths.newsletterLink.path,
    Component: lazyPage(() =>
      import("@/features/newsletter/pages/newsletter-link-page").then((m) => m.NewsletterLinkRoute),
    ),
  },
  {
    path: paths.orderLink.path,
    Component: lazyPage(() => import("@/features/orders/pages/order-link-page").then((m) => m.OrderLinkPage)),
  },
  {
    path: paths.sharedWishlist.path,
    Component: lazyPage(() =>
      import("@/features/wishlist/pages/shared-wishlist-page").then((m) => m.SharedWishlistPage),
    ),
  },
];

/**
 * The catalogue: categories, search and product pages. Behind sign-in as SPEC has it, unless the
 * server runs with PUBLIC_CATALOGUE, which it says with a meta tag in index.html.
 */
const catalogueIsPublic = document.querySelector('meta[name="shop:public-catalogue"]') !== null;

const catalogueRoutes: RouteObject[] = [
  {
    path: paths.women.path,
    Component: lazyPage(() => import("@/features/catalogue/pages/women-page").then((m) => m.WomenPage), {
      data: () => prefetchProducts({ category: "womans" }, CATEGORY_PAGE_SIZES),
    }),
  },
  {
    path: paths.shoes.path,
    Component: lazyPage(() => import("@/features/catalogue/pages/shoes-page").then((m) => m.ShoesPage), {
      data: () => prefetchProducts({ category: "shoes" }, CATEGORY_PAGE_SIZES),
    }),
  },
  {
    path: paths.gadget.path,
    Component: lazyPage(() => import("@/features/catalogue/pages/gadget-page").then((m) => m.GadgetPage), {
      data: () => prefetchProducts({ category: "gadgets" }, CATEGORY_PAGE_SIZES),
    }),
  },
  {
    path: paths.man.path,
    Component: lazyPage(() => import("@/features/catalogue/pages/man-page").then((m) => m.ManPage), {
      data: () => prefetchProducts({ category: "mans" }, MAN_PAGE_SIZES),
    }),
  },
  {
    path: paths.collection.path,
    Component: lazyPage(() =>
      import("@/features/catalogue/pages/collection-page").then((m) => m.CollectionPage),
    ),
  },
  {
    path: paths.products.path,
    Component: lazyPage(
      () => import("@/features/catalogue/pages/products-page").then((m) => m.ProductsPage),
      {
        data: () => prefetchProducts({ q: searchParam("q") }, PRODUCTS_PAGE_SIZES),
      },
    ),
  },
  {
    path: paths.product.path,
    Component: lazyPage(() => import("@/app/routes/product-route").then((m) => m.ProductRoute), {
      // Imported, not bundled here: the fetch's code comes with the page's, not with every page.
      data: () =>
        void import("@/features/product/api/get-product").then((m) => m.prefetchProductAt(location)),
    }),
  },
];

const signedInRoutes: RouteObject[] = [
  {
    path: paths.reviews.path,
    Component: lazyPage(() => import("@/features/reviews/pages/reviews-page").then((m) => m.ReviewsPage)),
  },
  {
    path: paths.cart.path,
    Component: lazyPage(() => import("@/features/cart/pages/cart-page").then((m) => m.CartPage)),
  },
  {
    path: paths.checkout.path,
    Component: lazyPage(() => import("@/features/checkout/pages/checkout-page").then((m) => m.CheckoutPage)),
  },
  {
    path: paths.paymentReturn.path,
    Component: lazyPage(() =>
      import("@/features/checkout/pages/payment-return-page").then((m) => m.PaymentReturnPage),
    ),
  },
  {
    path: paths.orderConfirmation.path,
    Component: lazyPage(() =>
      import("@/features/orders/pages/order-confirmation-page").then((m) => m.OrderConfirmationPage),
    ),
  },
  {
    // The dashboard's own pages are routed inside its chunk (app/routes/dashboard-route.tsx):
    // their table stays out of the entry every shopper downloads.
    path: `${paths.dashboard.root.path}/*`,
    Component: lazyPage(() =>
      import("@/app/routes/dashboard-route").then(async (m) => {
        // A dashboard page opened directly: its code comes with the dashboard's, not after it.
        await m.preloadDashboardPage(window.location.pathname);
        return m.DashboardRoute;
      }),
    ),
  },
];

/** GUEST_CHECKOUT (decision 042): /cart is open, the guest's bag until one signs in. */
const guestCheckoutIsOn = document.querySelector('meta[name="shop:guest-checkout"]') !== null;

const pageRoutes: RouteObject[] = [
  ...publicRoutes,
  ...(catalogueIsPublic ? catalogueRoutes : []),
  ...(guestCheckoutIsOn
    ? [
        {
          path: paths.cart.path,
          Component: lazyPage(() => import("@/app/routes/bag-route").then((m) => m.BagRoute)),
        },
      ]
    : []),
  {
    Component: ProtectedRoute,
    children: (catalogueIsPublic ? signedInRoutes : [...catalogueRoutes, ...signedInRoutes]).filter(
      (route) => !guestCheckoutIsOn || route.path !== paths.cart.path,
    ),
  },
  {
    path: "*",
    Component: lazyPage(() => import("@/app/routes/not-found-page").then((m) => m.NotFoundPage)),
  },
];

export const routes: RouteObject[] = [
  { path: paths.home.path, Component: ShellLayout, children: pageRoutes },
];

/**
 * Starts downloading the code (and top images) of the page at `pathname` before the first
 * render: a protected page's chunk then arrives while the sign-in state loads, not after it.
 * Settles once every lazy route on the way (layouts too) has its code, or failed to get it.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => (route.Component as Partial<LazyPage> | null | undefined)?.preload?.()),
  );
}

function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={pathname} fallback={<RootRouteError />}>
      {element}
    </RouteErrorBoundary>
  );
}

/**
 * Navigations render at once, not as transitions, so that a navigation inside react-dom's
 * flushSync is on screen when flushSync returns (sign-out leaves a protected page so). The toast
 * container is inside the router: a toast's action is a router link ('Please Log in First' → Log in).
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
      <Toaster />
    </BrowserRouter>
  );
}
