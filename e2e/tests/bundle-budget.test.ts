import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../support/browser";
import { openAsAdmin } from "../support/shopper";
import {
  BUDGETS,
  budgetBreaches,
  describeBundle,
  entryKey,
  gzipSizeOf,
  KB,
  measureBundle,
  readManifest,
  SHELL_ON_DEMAND,
  staticClosure,
  type Manifest,
  webDist,
} from "../support/bundle";

/** A manifest shaped like Vite's: an entry, two lazy pages, a chunk they share, stylesheets. */
const FAKE_MANIFEST: Manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_vendor.js"],
    dynamicImports: ["src/home.tsx", "src/admin.tsx"],
    css: ["assets/index.css"],
  },
  "_vendor.js": { file: "assets/vendor.js" },
  "_forms.js": { file: "assets/forms.js", imports: ["_vendor.js"] },
  "src/home.tsx": { file: "assets/home.js", isDynamicEntry: true, imports: ["_vendor.js"] },
  "src/admin.tsx": {
    file: "assets/admin.js",
    isDynamicEntry: true,
    imports: ["_forms.js", "_vendor.js"],
    css: ["assets/admin.css"],
  },
};

/** Sizes in KB, per file of FAKE_MANIFEST. */
function fakeSizes(kb: Record<string, number>) {
  return (file: string) => {
    const size = kb[file];
    if (size === undefined) throw new Error(`no size for ${file}`);
    return size * KB;
  };
}

const WITHIN_BUDGET = {
  "assets/index.js": 30,
  "assets/vendor.js": 80,
  "assets/home.js": 5,
  "assets/admin.js": 10,
  "assets/forms.js": 20,
  "assets/index.css": 10,
  "assets/admin.css": 2,
};

describe("measureBundle and budgetBreaches", () => {
  it("count the entry, its imports and the home page for /, and only what a route adds for the others", () => {
    const report = measureBundle(FAKE_MANIFEST, fakeSizes(WITHIN_BUDGET), ["src/home.tsx"]);

    expect(report.home.files).toEqual(["assets/home.js", "assets/index.js", "assets/vendor.js"]);
    expect(report.home.bytes).toBe(115 * KB);
    expect(report.routes).toEqual([
      { key: "src/admin.tsx", files: ["assets/admin.js", "assets/forms.js"], bytes: 30 * KB },
    ]);
    expect(report.css.bytes).toBe(12 * KB);
    expect(budgetBreaches(report)).toEqual([]);
  });

  it("report every budget an over-weight build breaks", () => {
    const heavy = { ...WITHIN_BUDGET, "assets/vendor.js": 89, "assets/forms.js": 58, "assets/index.css": 24 };
    const report = measureBundle(FAKE_MANIFEST, fakeSizes(heavy), ["src/home.tsx"]);

    expect(budgetBreaches(report)).toEqual([
      "JavaScript loaded for / is 124.0 KB gzip, over 120.0 KB",
      "src/admin.tsx adds 68.0 KB gzip of JavaScript, over 67.0 KB",
      "CSS is 26.0 KB gzip, over 25.0 KB",
    ]);
  });
});

/** The JavaScript file (relative to web/dist) at `url`, if it is one. */
function scriptFileOf(url: string): string | undefined {
  const { pathname } = new URL(url);
  return pathname.endsWith(".js") ? pathname.replace(/^\//, "") : undefined;
}

/** JavaScript files (relative to web/dist) the page fetches from now on. */
function recordScripts(page: Page): Set<string> {
  const loaded = new Set<string>();
  page.on("response", (response) => {
    const file = scriptFileOf(response.url());
    if (file) loaded.add(file);
  });
  return loaded;
}

const PAGE_CHUNK_WAIT_MS = 15_000;

/** Every kind of page besides /, with its layouts (the dashboard's children load the dashboard too). */
const OTHER_ROUTES = [
  "/blog",
  "/login",
  "/register",
  "/women",
  "/man",
  "/shoes",
  "/gadget",
  "/products",
  "/review",
  "/cart",
  "/checkout",
  "/dashboard",
  "/dashboard/review",
  "/dashboard/editprofile",
  "/dashboard/orders",
  "/dashboard/allorders",
  "/dashboard/allusers",
  "/dashboard/addproduct",
  "/dashboard/manageproduct",
  "/dashboard/lowstock",
  "/dashboard/import-export",
  "/dashboard/audit",
  "/dashboard/insights",
];

/** uPlot's root class: the one built file that holds the chart library has it. */
const CHART_LIBRARY_MARKER = "u-over";
const INSIGHTS_PAGE = "src/features/insights/pages/insights-page.tsx";

function filesHolding(marker: string): string[] {
  const assets = path.join(webDist, "assets");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes(marker))
    .map((file) => `assets/${file}`);
}

describe("the web build's bundle budgets", () => {
  const manifest = readManifest();
  const report = measureBundle(manifest, (file) => gzipSizeOf(file));
  const chartFiles = filesHolding(CHART_LIBRARY_MARKER);

  it("put the chart library in the insights page's own chunk, which no other page or the entry loads", () => {
    expect(chartFiles).toEqual([manifest[INSIGHTS_PAGE]!.file]);
    const loadersOfChart = Object.keys(manifest).filter(
      (key) =>
        (manifest[key]!.isEntry || manifest[key]!.isDynamicEntry) &&
        [...staticClosure(manifest, key)].some((loaded) => chartFiles.includes(manifest[loaded]!.file)),
    );
    expect(loadersOfChart).toEqual([INSIGHTS_PAGE]);
  });

  it("load no catalogue but the shell's from the entry's own chunks (a feature's top-level await there would run before the page's language is known)", () => {
    const entryChunks = [...staticClosure(manifest, entryKey(manifest))];
    const areaCataloguesLoaded = entryChunks.flatMap((key) =>
      (manifest[key]!.dynamicImports ?? []).filter((imported) => /^shop-messages:[\w-]+:/.test(imported)),
    );
    expect(areaCataloguesLoaded).toEqual([]);
    // The shell's catalogue is loaded there, in each language.
    expect(entryChunks.some((key) => manifest[key]!.dynamicImports?.includes("shop-messages:bn"))).toBe(true);
  });

  it(`keep / at most ${BUDGETS.homeJs / KB} KB of JS, each other route at most ${BUDGETS.routeExtraJs / KB} KB more, and CSS at most ${BUDGETS.css / KB} KB (gzip)`, () => {
    console.log(describeBundle(report));
    expect(budgetBreaches(report)).toEqual([]);
  });

  describe("in the browser", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser.close());

    it("/ loads exactly the JavaScript the budget counts for it", async () => {
      const { context, page } = await newPage(browser);
      const loaded = recordScripts(page);
      await page.goto("/");
      await page.getByRole("heading", { name: "Best Seller Products" }).waitFor();
      await page.waitForLoadState("networkidle");

      expect([...loaded].sort()).toEqual(report.home.files);
      await context.close();
    });

    it(`no other page, opened directly by an admin, adds more than ${BUDGETS.routeExtraJs / KB} KB to the entry's JS`, async () => {
      // The entry and the page's messages, which every page loads before it renders, and the
      // shell's on-demand code (a long page shows the scroll-to-top button).
      const entryFiles = new Set(
        [entryKey(manifest), "shop-messages:en", ...SHELL_ON_DEMAND]
          .flatMap((key) => [...staticClosure(manifest, key)])
          .map((key) => manifest[key]!.file),
      );
      const { context, page } = await openAsAdmin(browser);
      const [product] = (await (await page.request.get("/api/products?limit=1")).json()) as { _id: string }[];
      const added: Record<string, number> = {};
      const loadedChart: string[] = [];
      for (const route of [...OTHER_ROUTES, `/aboutproduct/${product!._id}`]) {
        const loaded = recordScripts(page);
        // A slow machine can sit still for the 500 ms networkidle needs between the entry and
        // the page's own chunk, so wait for the chunk first (a page with none fails below).
        const ownChunk = page
          .waitForResponse(
            (response) => {
              const file = scriptFileOf(response.url());
              return file !== undefined && !entryFiles.has(file);
            },
            { timeout: PAGE_CHUNK_WAIT_MS },
          )
          .catch(() => undefined);
        await page.goto(route);
        await ownChunk;
        await page.waitForLoadState("networkidle");
        const extra = [...loaded].filter((file) => !entryFiles.has(file));
        added[route] = extra.reduce((sum, file) => sum + gzipSizeOf(file), 0);
        if (extra.some((file) => chartFiles.includes(file))) loadedChart.push(route);
        page.removeAllListeners("response");
      }
      const heaviest = Object.entries(added).sort((a, b) => b[1] - a[1])[0]!;
      console.log(`heaviest page in the browser: ${heaviest[0]} +${(heaviest[1] / KB).toFixed(1)} KB gzip`);
      expect(Object.entries(added).filter(([, bytes]) => bytes > BUDGETS.routeExtraJs)).toEqual([]);
      // The chart library arrives with the insights page only.
      expect(loadedChart).toEqual(["/dashboard/insights"]);
      // Every page loaded something of its own: the recording works.
      expect(Object.entries(added).filter(([, bytes]) => bytes === 0)).toEqual([]);
      await context.close();
    });
  });
});
