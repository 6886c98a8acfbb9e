import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repoRoot } from "./server-process";

/**
 * Bundle budgets of the web build, read from Vite's manifest (web/dist/.vite/manifest.json,
 * `build.manifest` in web/vite.config.ts). Sizes are gzip level 9 of the built files, in bytes.
 */

export const webDist = path.join(repoRoot, "web", "dist");

/** One record of Vite's manifest: keyed by source path ("index.html", "src/…") or "_chunk.js". */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** 1 KB = 1000 bytes, as Vite reports its sizes. */
export const KB = 1000;

export const BUDGETS = {
  /**
   * JavaScript the home page / loads: the entry's static imports plus its lazy first render.
   * Back to 120 after a round at 123 (decision 007, 2026-11-29).
   */
  homeJs: 120 * KB,
  /**
   * JavaScript any other route adds to what the entry loaded already. 62, not 60, since the
   * variants editor: Manage Products adds 60.5 KB, 37 KB of it zod (docs/decisions/007-web-bundle-budget.md).
   * 63 since SHOP_CURRENCY and the message catalogues (decisions 040, 041): opened directly,
   * Manage Products loads the currency-aware price checks and labels; none of it is messages.
   * 67 since every page's texts come from its feature's catalogue (issue 37): opened directly,
   * Add Product fetches the admin's (391 messages, 4 KB gzip) beside its code, and /checkout
   * the checkout's, the orders' and the components' catalogues; the code itself did not grow.
   */
  routeExtraJs: 67 * KB,
  /** Every stylesheet of the build together. */
  css: 25 * KB,
} as const;

export type Budgets = { [K in keyof typeof BUDGETS]: number };

/**
 * The shell's own code fetched on demand on any page: the scroll-to-top button, once a page is
 * scrolled far enough to show it. Not part of what a route adds.
 */
export const SHELL_ON_DEMAND = ["src/app/layout/scroll-to-top-button.tsx"];

/**
 * The lazily loaded modules the home page loads by itself (besides the entry and its imports):
 * its own chunk, and the sections below its first screen, which follow once that is painted.
 */
export const HOME_FIRST_RENDER = [
  // English's messages, which every page waits for before its first render (decision 041).
  "shop-messages:en",
  "src/features/home/pages/home-page.tsx",
  "src/features/home/components/below-the-fold.tsx",
];

export function readManifest(distDir = webDist): Manifest {
  const file = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build).`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

/** The gzip (level 9) size of a built file, in bytes. */
export function gzipSizeOf(file: string, distDir = webDist): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/** The manifest key of the one entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  return entries[0]!;
}

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`The manifest has no chunk ${key}`);
  return found;
}

/** The chunks a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const imported of chunk(manifest, current).imports ?? []) visit(imported);
  };
  visit(key);
  return seen;
}

/** The JavaScript files of the given chunks, sorted. */
function jsFiles(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...new Set([...keys].map((key) => chunk(manifest, key).file))]
    .filter((file) => file.endsWith(".js"))
    .sort();
}

export interface LoadedJs {
  /** The built files, relative to web/dist. */
  files: string[];
  /** Their gzip sizes together, in bytes. */
  bytes: number;
}

export interface RouteChunks extends LoadedJs {
  /** The dynamic entry's manifest key (the route's page module). */
  key: string;
}

export interface BundleReport {
  home: LoadedJs;
  /** Per lazily loaded module: what it loads beyond the entry's static closure. Heaviest first. */
  routes: RouteChunks[];
  css: LoadedJs;
}

export type SizeOf = (file: string) => number;

function measured(files: string[], sizeOf: SizeOf): LoadedJs {
  return { files, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0) };
}

export function measureBundle(
  manifest: Manifest,
  sizeOf: SizeOf,
  homeFirstRender: readonly string[] = HOME_FIRST_RENDER,
): BundleReport {
  const entry = staticClosure(manifest, entryKey(manifest));
  const home = new Set(entry);
  for (const key of homeFirstRender) for (const loaded of staticClosure(manifest, key)) home.add(loaded);

  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry && !homeFirstRender.includes(key))
    .map((key) => {
      const extra = [...staticClosure(manifest, key)].filter((loaded) => !entry.has(loaded));
      return { key, ...measured(jsFiles(manifest, extra), sizeOf) };
    })
    .sort((a, b) => b.bytes - a.bytes);

  const cssFiles = [...new Set(Object.values(manifest).flatMap((record) => record.css ?? []))].sort();
  return {
    home: measured(jsFiles(manifest, home), sizeOf),
    routes,
    css: measured(cssFiles, sizeOf),
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One line per budget the report exceeds; empty when all are kept. */
export function budgetBreaches(report: BundleReport, budgets: Budgets = BUDGETS): string[] {
  const breaches: string[] = [];
  if (report.home.bytes > budgets.homeJs) {
    breaches.push(`JavaScript loaded for / is ${kb(report.home.bytes)} gzip, over ${kb(budgets.homeJs)}`);
  }
  for (const route of report.routes) {
    if (route.bytes > budgets.routeExtraJs) {
      breaches.push(
        `${route.key} adds ${kb(route.bytes)} gzip of JavaScript, over ${kb(budgets.routeExtraJs)}`,
      );
    }
  }
  if (report.css.bytes > budgets.css) {
    breaches.push(`CSS is ${kb(report.css.bytes)} gzip, over ${kb(budgets.css)}`);
  }
  return breaches;
}

/** A readable summary of the report, for the test's output. */
export function describeBundle(report: BundleReport): string {
  const heaviest = report.routes[0];
  return [
    `JS for /: ${kb(report.home.bytes)} gzip (${report.home.files.length} files)`,
    `CSS: ${kb(report.css.bytes)} gzip`,
    heaviest ? `heaviest route: ${heaviest.key} +${kb(heaviest.bytes)} gzip` : "no lazy routes",
  ].join("; ");
}
