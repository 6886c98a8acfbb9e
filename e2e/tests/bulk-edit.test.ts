import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { shopUrl } from "../support/shop-url";
import { openAsAdmin } from "../support/shopper";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SIZES = [
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const;

async function addProduct(page: Page, productname: string, price: string) {
  const created = await page.request.post("/api/addproduct", {
    headers: { Origin: shopUrl() },
    data: {
      productname,
      price,
      catagory: "gadgets",
      description: "A lamp for the bulk edit.",
      image: "/demo/products/silk-bow-blouse.svg",
      stock: 5,
    },
  });
  expect(created.status()).toBe(201);
}

/** The shown row (table, wide screens) or card (phones) of a product. */
const shownEntry = (page: Page, name: string): Locator =>
  page
    .locator("tr, li")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .filter({ visible: true });

describe("bulk edit in Manage Products", () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px: the owner selects two products, previews a 10 % rise, applies it and sees the new prices`, async () => {
      const word = `Bulklamp${size}x${Date.now().toString(36)}`;
      const names = [`${word} Desk`, `${word} Floor`, `${word} Wall`];
      const { context, page } = await openAsAdmin(browser, { viewport });
      await addProduct(page, names[0]!, "10.00");
      await addProduct(page, names[1]!, "20.00");
      await addProduct(page, names[2]!, "33.33");

      await page.goto(`/dashboard/manageproduct?q=${word}`);
      await page.getByRole("heading", { name: "Manage Products", level: 2 }).waitFor();
      await page
        .getByRole("status")
        .filter({ hasText: `for “${word}”` })
        .waitFor();

      await page.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
      await page.getByRole("checkbox", { name: `Select ${names[1]}` }).check();
      const panel = page.getByRole("region", { name: "Bulk edit" });
      await panel.getByText("2 products selected").waitFor();

      await panel.getByLabel("Action").selectOption("change-price");
      await panel.getByLabel("Raise or lower").selectOption("raise");
      await panel.getByLabel("By (%)").fill("10");
      await panel.getByRole("button", { name: "Preview changes" }).click();
      await panel.getByText("2 selected; 2 will change.").waitFor();
      const sample = panel.getByRole("list", { name: "What changes" });
      expect(
        (await sample.getByRole("listitem").allInnerTexts()).map((text) => text.replace(/\s+/g, " ")),
      ).toEqual([`${names[1]} $ 20.00 → $ 22.00`, `${names[0]} $ 10.00 → $ 11.00`]);
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      if (size === "375") await expectNoSidewaysScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `bulk-edit-preview-${size}`);

      await panel.getByRole("button", { name: "Apply to 2 products" }).click();
      await panel.getByText("Done: 2 products changed.").waitFor();
      await expect.poll(() => shownEntry(page, names[0]!).innerText()).toContain("$ 11.00");
      await expect.poll(() => shownEntry(page, names[1]!).innerText()).toContain("$ 22.00");
      expect(await shownEntry(page, names[2]!).innerText()).toContain("$ 33.33");
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(page, `bulk-edit-done-${size}`);
      await context.close();
    });
  }
});
