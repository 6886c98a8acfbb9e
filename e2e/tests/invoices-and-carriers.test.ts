import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { openAsAdmin } from "../support/shopper";
import { shopUrl } from "../support/shop-url";

/**
 * The dashboard's grouped menu and the owner's invoice and carrier settings (issue 40): the menu
 * groups the admin's pages under labels, on a phone in its drawer too; the owner changes the
 * seller printed on invoices and adds (then removes) a carrier of their own.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const GROUPS = ["Orders", "Products", "Customers", "Marketing", "Insights", "Settings"];
const PATHAO = "https://merchant.pathao.com/tracking?consignment_id={tracking}";

/** The menu (in the drawer on a phone, which it opens) whose lists are the groups. */
async function openMenu(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Dashboard menu" }).click();
    return page
      .getByRole("dialog", { name: "Dashboard menu" })
      .getByRole("navigation", { name: "Dashboard" });
  }
  return page.getByRole("navigation", { name: "Dashboard" });
}

describe("invoices and carriers", () => {
  for (const [size, viewport] of [
    ["1280", VIEWPORTS.desktop],
    ["375", VIEWPORTS.mobile],
  ] as const) {
    it(`at ${size} px: the menu is grouped, and the owner's seller and carrier are saved and used`, async () => {
      const { context, page } = await openAsAdmin(browser, { viewport });
      const headers = { Origin: shopUrl() };
      const before = await (await page.request.get("/api/admin/fulfilment-settings")).json();
      try {
        await page.goto("/dashboard");
        const menu = await openMenu(page, viewport === VIEWPORTS.mobile);
        await menu.getByRole("link", { name: "All Orders" }).waitFor();
        // Each group is a list named by its label; the shopper's own pages come first, unnamed.
        const listNames = await menu
          .getByRole("list")
          .evaluateAll((lists) =>
            lists.map(
              (list) =>
                document.getElementById(list.getAttribute("aria-labelledby") ?? "")?.textContent ?? null,
            ),
          );
        expect(listNames).toEqual([null, ...GROUPS]);
        await menu
          .getByRole("list", { name: "Settings" })
          .getByRole("link", { name: "Checkout Settings" })
          .waitFor();
        await expectNoAxeViolations(page, { seriousOnly: true });
        await screenshot(page, `dashboard-menu-${size}`);
        await menu.getByRole("link", { name: "Invoices & Carriers" }).click();

        const main = page.getByRole("main");
        await main.getByRole("heading", { name: "Invoices & Carriers", level: 2 }).waitFor();
        // Refused before it is sent: an empty name, a template without the placeholder.
        await main.getByLabel("Name", { exact: true }).fill("");
        await main.getByRole("button", { name: "Add a carrier" }).click();
        await main.getByLabel("Carrier name").fill("Pathao");
        await main.getByLabel("Tracking address").fill("https://merchant.pathao.com/tracking");
        await main.getByRole("button", { name: "Save" }).click();
        await main.getByText("The seller's name is Required").waitFor();
        await main.getByText(/Enter an https:\/\/ address with \{tracking\}/).waitFor();
        await expectNoAxeViolations(page, { include: "main", seriousOnly: true });

        await main.getByLabel("Name", { exact: true }).fill("Trendsetters Dhaka Ltd.");
        await main.getByLabel("Tracking address").fill(PATHAO);
        await main.getByLabel("Attached as a PDF").check();
        await main.getByRole("button", { name: "Save" }).click();
        await page.getByText("Invoices and carriers saved").waitFor();
        await expectNoSidewaysScroll(page);
        await screenshot(page, `invoices-and-carriers-${size}`);

        // Saved on the server: read back after a reload.
        await page.reload();
        await main.getByLabel("Carrier name").waitFor();
        expect(await main.getByLabel("Name", { exact: true }).inputValue()).toBe("Trendsetters Dhaka Ltd.");
        expect(await main.getByLabel("Carrier name").inputValue()).toBe("Pathao");
        expect(await main.getByLabel("Attached as a PDF").isChecked()).toBe(true);
        const saved = await (await page.request.get("/api/admin/fulfilment-settings")).json();
        expect(saved.carriers).toEqual([{ name: "Pathao", trackingUrl: PATHAO }]);

        // Removing the carrier is saved too.
        await main.getByRole("button", { name: "Remove carrier Pathao" }).click();
        await main.getByText("None yet.").waitFor();
        await main.getByRole("button", { name: "Save" }).click();
        await expect
          .poll(
            async () => (await (await page.request.get("/api/admin/fulfilment-settings")).json()).carriers,
          )
          .toEqual([]);
      } finally {
        // The worker's shop is shared with the next test files: put the owner's settings back.
        const { builtInCarriers: _builtIn, ...settings } = before as Record<string, unknown>;
        const restored = await page.request.put("/api/admin/fulfilment-settings", {
          data: settings,
          headers,
        });
        expect(restored.status()).toBe(200);
        await context.close();
      }
    });
  }
});
