import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export type AxeScope = {
  /** Check only inside this selector (e.g. "main": the page's own content, not the shell). */
  include?: string;
  /** Leave this selector out (e.g. a sandboxed frame axe cannot enter). */
  exclude?: string;
  /** Only the WCAG 2 A and AA rules, not axe's best practices. */
  wcagOnly?: boolean;
  /** Only serious and critical findings. */
  seriousOnly?: boolean;
};

/** axe's findings on the page as it is now, one line each: the rule, its help and the elements. */
export async function axeViolations(
  page: Page,
  { include, exclude, wcagOnly = false, seriousOnly = false }: AxeScope = {},
): Promise<string[]> {
  // Only violations in full: axe then skips gathering every passing node (about 14 % faster here).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  if (wcagOnly) builder = builder.withTags(["wcag2a", "wcag2aa"]);
  // A page without frames is checked in place by axe.run. The default (runPartial per frame,
  // then finishRun in a blank page it opens and injects axe into again) finds the same on such
  // a page but takes 2-3 times as long; it stays for pages with frames, which it enters.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => !seriousOnly || ["serious", "critical"].includes(violation.impact ?? ""))
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(" | ")})`,
    );
}

export async function expectNoAxeViolations(page: Page, scope?: AxeScope) {
  expect(await axeViolations(page, scope)).toEqual([]);
}

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}
