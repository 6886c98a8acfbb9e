import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { expectNoAxeViolations } from "../support/page-checks";
import { openAsShopper } from "../support/shopper";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("the header's search suggestions", () => {
  for (const [viewport, suffix] of [
    [VIEWPORTS.mobile, "375"],
    [VIEWPORTS.desktop, "1280"],
  ] as const) {
    it(`finds sneakers typed with a typo, picked with the keyboard, at ${suffix}px`, async () => {
      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto("/");
      const box = page.getByRole("combobox", { name: "Search the shop" });
      await box.click();
      await box.pressSequentially("snekaer", { delay: 40 });
      const option = page.getByRole("option", { name: /Sneaker/ }).first();
      await option.waitFor();
      expect(await box.getAttribute("aria-expanded")).toBe("true");
      await page
        .getByRole("status")
        .filter({ hasText: /suggested/ })
        .waitFor();
      await expectNoAxeViolations(page);
      await screenshot(page, `search-suggestions-${suffix}`);
      const name = (await option.innerText()).split("\n")[0]!.trim();
      await box.press("ArrowDown");
      expect(await option.getAttribute("aria-selected")).toBe("true");
      await box.press("Enter");
      await page.waitForURL(/\/aboutproduct\//);
      await page.getByRole("heading", { level: 1, name }).waitFor();
      await context.close();
    });
  }
});
