import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** No WCAG 2 A/AA violation in the top bar and the page's main content. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("header")
    .include("main")
    .withTags(["wcag2a", "wcag2aa"])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the accounts screens' accessibility", () => {
  it.each([
    ["/login", "Log in"],
    ["/register", "Register"],
  ])("%s has no WCAG A/AA violations, with and without messages, at 1280px and 375px", async (path, name) => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const { context, page } = await newPage(browser, { viewport });
      await page.goto(path);
      const form = page.getByRole("form", { name });
      await form.waitFor();
      await expectAccessible(page);
      await form.getByRole("button", { name }).click();
      await form.getByText("Email is Required").waitFor();
      await expectAccessible(page);
      await context.close();
    }
  });

  it.each([
    ["/dashboard", "My Profile"],
    ["/dashboard/editprofile", "Edit Profile"],
    ["/dashboard/review", "My Reviews"],
    ["/dashboard/allusers", "You are not authorized to view this page"],
  ])("%s has no WCAG A/AA violations at 1280px and 375px", async (path, heading) => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto(path);
      await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll("main [role='status']").length === 0);
      await expectAccessible(page);
      await context.close();
    }
  });
});
