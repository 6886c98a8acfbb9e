import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

import { precompileMessages } from "./vite-plugin-messages.ts";

/** The API server (npm run dev --workspace server) listens here in development. */
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:3000";

/**
 * Modules of the app itself, Vite's helper that preloads a lazy chunk's imports, and the message
 * catalogues' plural rules and helpers (decision 041), which every catalogue chunk imports.
 */
const APP_MODULE =
  /[\\/]web[\\/]src[\\/]|^\0vite[\\/]preload-helper|[\\/]node_modules[\\/]@messageformat[\\/]runtime[\\/]/;
// What the home page's product cards need. Not the catalogue's product list: it reads the
// catalogue's texts, whose top-level await would hold back the home page.
const CATALOGUE_MODULE =
  /[\\/]web[\\/]src[\\/]components[\\/](empty-state|price|product-card|product-grid)\.tsx$/;
/** The libraries every page runs on (the "vendor" chunk). */
const VENDOR_MODULE = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
/**
 * TanStack's growing lists (Load More), which only the list pages use: left out of the vendor
 * chunk, they load with those pages instead of with every first visit.
 */
const LISTS_ONLY_MODULE =
  /[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|useInfiniteQuery)\.js$/;
/** Shared components the home page draws; see the "parts" group. */
const PARTS_MODULE =
  /[\\/](web[\\/]src[\\/](components[\\/](decorative-image|skeleton|star-rating|after-first-paint|review-card|section-heading|typewriter)\.tsx$|hooks[\\/](use-after-first-paint|use-prefers-reduced-motion)\.ts$)|contract[\\/]src[\\/]images\.ts$)/;
const ENTRY_MODULE = /[\\/]web[\\/]src[\\/]main\.tsx$/;
/**
 * Pages opened after the shop itself: the dashboard's (a signed-in user's account and the owner's
 * desk) and the rarer shopper pages (password mail, blog, testimonials, the order confirmation,
 * registering, a newsletter mail's link, a shared wishlist, 404).
 * Their chunks are not preloaded with their imports: the list of what each imports would sit in
 * the entry every shopper downloads. They fetch their imports when they load instead.
 */
const LATE_PAGE_CHUNK =
  /^assets\/(dashboard-route|profile-page|my-reviews-page|my-orders-page|order-detail-page|all-orders-page|moderation-page|all-users-page|customers-page|customer-page|add-product-page|insights-page|low-stock-page|import-export-page|audit-trail-page|mail-page|manage-products-page|account-page|edit-profile-page|money-settings-page|forgot-password-page|reset-password-page|blog-page|reviews-page|order-confirmation-page|payment-return-page|order-link-page|collection-page|register-page|newsletter-link-page|shared-wishlist-page|not-found-page)-[\w-]+\.js$/;

const proxy = {
  "/api": { target: apiOrigin, changeOrigin: false },
  "/uploads": { target: apiOrigin, changeOrigin: false },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [precompileMessages(), react(), tailwindcss()],
  resolve: {
    tsconfigPaths: true,
    alias: [
      // React Router's own production build: its package points bundlers at the development
      // one, whose checks and warnings cost the home page half a kilobyte (decision 041).
      {
        find: /^react-router$/,
        replacement: path.join(import.meta.dirname, "../node_modules/react-router/dist/production/index.mjs"),
      },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Read by the bundle-budget test (e2e/tests/bundle-budget.test.ts).
    manifest: true,
    // Every browser the shop supports preloads modules natively; the polyfill is dead weight.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, dependencies) => (LATE_PAGE_CHUNK.test(filename) ? [] : dependencies),
    },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs on, in one file: it compresses better than the
              // handful of shared chunks they would otherwise be split into, and stays cached
              // from one deploy of the app's own code to the next.
              name: "vendor",
              test: (id) => VENDOR_MODULE.test(id) && !LISTS_ONLY_MODULE.test(id),
            },
            {
              // What the catalogue pages (and the home page's best sellers) draw their lists
              // with, in one file: /products fetched ten files after the entry, now five. The
              // generic skeleton and page title stay out: /login and /register use them too.
              name: "catalogue",
              test: CATALOGUE_MODULE,
              // Only these modules: with their dependencies it also took code /login needs.
              includeDependenciesRecursively: false,
            },
            {
              // The small shared pieces the home page draws (section headings, star ratings, the
              // testimonials' cards, skeletons, images), in one file: as seven files of a few
              // hundred bytes each they cost 1.0 KB more gzip, and six more requests.
              name: "parts",
              test: PARTS_MODULE,
              includeDependenciesRecursively: false,
            },
            {
              // The app's own code that every page runs (the shell, the API client, the session,
              // shared components), in one file too. Left alone, Rolldown cuts it into half a
              // dozen small chunks: with the stylesheet and the page's own chunk that is more
              // than the six connections a browser opens to one host, so the first page waits
              // for a second round trip. main.tsx stays the entry (Vite's manifest names it).
              name: "app",
              test: (id) => APP_MODULE.test(id) && !ENTRY_MODULE.test(id),
              tags: ["$initial"],
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
