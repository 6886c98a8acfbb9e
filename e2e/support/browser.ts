import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import {} from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { repoRoot } from "./server-process";
import { shopUrl } from "./shop-url";

export const screenshotDir = path.join(repoRoot, ".test-artifacts", "screenshots");

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Tests of animation (carousel, typed headings) need "no-preference". */
  reducedMotion?: "reduce" | "no-preference";
  /** What the browser asks for in Accept-Language ("bn-BD"); Chromium's default otherwise. */
  locale?: string;
}

export async function newPage(
  browser: Browser,
  { viewport = VIEWPORTS.desktop, reducedMotion = "reduce", locale }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: shopUrl(),
    reducedMotion,
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  // Nothing may load from outside the shop.
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
  return { context, page };
}

/**
 * Screenshots are for people to look at: taken on a developer's machine, skipped in CI (nobody
 * sees them there, and encoding 91 full pages costs CPU the tests need) unless E2E_SCREENSHOTS=1.
 */
const takeScreenshots = process.env.E2E_SCREENSHOTS === "1" || process.env.CI !== "true";

/**
 * A full-page screenshot. Sections the browser only draws near the viewport (content-visibility:
 * auto, see web/src/index.css) are drawn for it too; they would be blank otherwise.
 */
export async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    fullPage: true,
    style: ".render-near-viewport { content-visibility: visible !important; }",
  });
}

/**
 * Holds back the page's requests to `url` (a glob), as a slow network would, until the returned
 * function is called: to look at the page while it waits.
 */
export async function holdRequests(page: Page, url: string): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const passing: Promise<void>[] = [];
  await page.route(url, (route) => {
    const passed = held.then(() => route.continue());
    passing.push(passed);
    return passed;
  });
  return async () => {
    release();
    await Promise.all(passing);
    await page.unroute(url);
  };
}
