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
  /[\\/]web[\\/]src[\\/](components[\\/](empty-state|load-more|price|product-card|product-grid)\.tsx$|config[\\/]categories\.ts$)/;
const ENTRY_MODULE = /[\\/]web[\\/]src[\\/]main\.tsx$/;
/**
 * Pages opened after the shop itself: the dashboard's (a signed-in user's account and the owner's
 * desk) and the rarer shopper pages (password mail, blog, testimonials, the order confirmation).
 * Their chunks are not preloaded with their imports: the list of what each imports would sit in
 * the entry every shopper downloads. They fetch their imports when they load instead.
 */
const LATE_PAGE_CHUNK =
  /^assets\/(dashboard-route|profile-page|my-reviews-page|my-orders-page|order-detail-page|all-orders-page|moderation-page|all-users-page|customers-page|customer-page|add-product-page|insights-page|low-stock-page|import-export-page|audit-trail-page|mail-page|manage-products-page|account-page|edit-profile-page|money-settings-page|forgot-password-page|reset-password-page|blog-page|reviews-page|order-confirmation-page|payment-return-page|order-link-page|collection-page)-[\w-]+\.js$/;

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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
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
