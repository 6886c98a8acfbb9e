import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API server (npm run dev --workspace server) listens here in development. */
const apiOrigin = process.env.API_ORIGIN ?? "http://localhost:3000";

/** Modules of the app itself, and Vite's helper that preloads a lazy chunk's imports. */
const APP_MODULE = /[\\/]web[\\/]src[\\/]|^\0vite[\\/]preload-helper/;
const CATALOGUE_MODULE =
  /[\\/]web[\\/]src[\\/](features[\\/]catalog[\\/]components[\\/]|components[\\/](empty-state|load-more|price|product-card|product-grid)\.tsx$|config[\\/]categories\.ts$)/;
const ENTRY_MODULE = /[\\/]web[\\/]src[\\/]main\.tsx$/;

const proxy = {
  "/api": { target: apiOrigin, changeOrigin: false },
  "/uploads": { target: apiOrigin, changeOrigin: false },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Read by the bundle-budget test (e2e/tests/bundle-budget.test.ts).
    manifest: true,
    // Every browser the shop supports preloads modules natively; the polyfill is dead weight.
    modulePreload: { polyfill: false },
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
