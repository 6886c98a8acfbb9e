import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { shopUrl } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SIZES = [
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const;

async function addDraft(page: Page, productname: string): Promise<string> {
  const created = await page.request.post("/api/addproduct", {
    headers: { Origin: shopUrl() },
    data: {
      productname,
      price: "48.00",
      catagory: "womans",
      description: "A wrap dress still being photographed.",
      image: "/demo/products/silk-bow-blouse.svg",
      stock: 4,
      status: "draft",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

describe("a draft product, from the owner's preview to the shop", () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px: the owner finds the draft under Drafts, previews it as shoppers will see it, publishes it in bulk, and only then a shopper sees it`, async () => {
      const name = `Wrapdress${size}x${Date.now().toString(36)}`;
      const { context, page } = await openAsAdmin(browser, { viewport });
      const id = await addDraft(page, name);
      const shopper = await openAsShopper(browser, { viewport });
      const productPage = `/aboutproduct/${id}`;

      await shopper.page.goto(productPage);
      await shopper.page.getByRole("heading", { name: "Product not found", level: 1 }).waitFor();

      await page.goto(`/dashboard/manageproduct?status=draft&q=${name}`);
      await page.getByRole("heading", { name: "Manage Products", level: 2 }).waitFor();
      expect(await page.getByLabel("Status", { exact: true }).first().inputValue()).toBe("draft");
      const entry = page
        .locator("tr, li")
        .filter({ has: page.getByRole("link", { name, exact: true }) })
        .filter({ visible: true });
      await expect.poll(() => entry.innerText()).toContain("Draft");
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      if (size === "375") await expectNoSidewaysScroll(page);
      await screenshot(page, `product-status-drafts-${size}`);

      await entry.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(`**${productPage}?preview`);
      await page.getByText("This is a draft: shoppers cannot see it until it is active.").waitFor();
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      // A long name of one word stays on the phone's screen.
      if (size === "375") await expectNoSidewaysScroll(page);
      await screenshot(page, `product-status-preview-${size}`);

      await page.goto(`/dashboard/manageproduct?status=draft&q=${name}`);
      await page.getByRole("checkbox", { name: `Select ${name}` }).check();
      const panel = page.getByRole("region", { name: "Bulk edit" });
      await panel.getByLabel("Action").selectOption("set-status");
      await panel.getByLabel("New status").selectOption("active");
      await panel.getByRole("button", { name: "Preview changes" }).click();
      await panel.getByText("1 selected; 1 will change.").waitFor();
      expect((await panel.getByRole("list", { name: "What changes" }).innerText()).replace(/\s+/g, " ")).toBe(
        `${name} Draft → Active`,
      );
      await panel.getByRole("button", { name: "Apply to 1 product" }).click();
      await panel.getByText("Done: 1 product changed.").waitFor();

      await shopper.page.goto(productPage);
      await shopper.page.getByRole("heading", { name, level: 1 }).waitFor();
      await shopper.context.close();
      await context.close();
    });
  }
});
