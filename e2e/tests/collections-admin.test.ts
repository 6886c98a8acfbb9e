import type { Browser, Page } from "playwright-core";
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

async function addProduct(page: Page, productname: string) {
  const created = await page.request.post("/api/addproduct", {
    headers: { Origin: shopUrl() },
    data: {
      productname,
      price: "25.00",
      catagory: "gadgets",
      description: "A lamp for a collection.",
      image: "/demo/products/silk-bow-blouse.svg",
      stock: 5,
    },
  });
  expect(created.status()).toBe(201);
}

describe("Dashboard › Collections", () => {
  it("at 1280 px: the owner creates a manual collection, picks two products and saves them", async () => {
    const word = `Lampset${Date.now().toString(36)}`;
    const names = [`${word} Desk`, `${word} Floor`];
    const { context, page } = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    for (const name of names) await addProduct(page, name);

    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Collections" })
      .click();
    await page.getByRole("heading", { name: "Collections", level: 2 }).waitFor();
    await page.getByRole("button", { name: "New collection" }).click();

    const form = page.getByRole("form", { name: "New collection" });
    await form.getByLabel("Title", { exact: true }).fill(`${word} Lights`);
    expect(await form.getByLabel("Address", { exact: true }).inputValue()).toBe(
      `${word.toLowerCase()}-lights`,
    );
    await form.getByRole("button", { name: "Create collection" }).click();

    const picker = page.getByRole("region", { name: "Products in this collection" });
    await page.getByRole("form", { name: `Edit “${word} Lights”` }).waitFor();
    await picker.getByText("No products picked yet").waitFor();
    await picker.getByRole("searchbox", { name: "Find products" }).fill(word);
    const found = picker.getByRole("list", { name: "Products found" });
    for (const name of names) await found.getByRole("button", { name: `Add ${name}` }).click();
    const picks = picker.getByRole("list", { name: "Products in this collection" });
    await expect.poll(() => picks.getByRole("listitem").count()).toBe(2);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await screenshot(page, "collections-admin-picker-1280");

    await picker.getByRole("button", { name: "Save products" }).click();
    await expect.poll(() => picker.getByText("Unsaved changes").count()).toBe(0);
    const listed = (await (await page.request.get("/api/admin/collections")).json()) as {
      slug: string;
      productIds: string[];
    }[];
    expect(listed.find((one) => one.slug === `${word.toLowerCase()}-lights`)?.productIds).toHaveLength(2);

    await page.getByRole("button", { name: "Back to the collections" }).click();
    const entry = page
      .getByRole("list", { name: "All collections" })
      .getByRole("listitem")
      .filter({ hasText: `${word} Lights` });
    await expect.poll(() => entry.innerText()).toContain("Picked by hand · 2 products");
    expect(await entry.getByRole("link", { name: `View ${word} Lights` }).getAttribute("href")).toBe(
      `/collections/${word.toLowerCase()}-lights`,
    );
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await screenshot(page, "collections-admin-list-1280");
    await context.close();
  });

  it("at 375 px: the form shows each message next to its field, the rule's fields, and fits the screen", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/dashboard/collections?edit=new");
    const form = page.getByRole("form", { name: "New collection" });
    await form.getByRole("button", { name: "Create collection" }).click();
    await form.getByText("Enter a title").waitFor();
    await form.getByText("Enter the collection's address").waitFor();
    expect(await form.getByLabel("Title", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await form.getByLabel("Title", { exact: true }).fill("Small screens");
    await form.getByLabel("Address", { exact: true }).fill("Not A Slug");
    await form.getByLabel("Products", { exact: true }).selectOption("rule");
    await form.getByLabel("Lowest price").fill("80");
    await form.getByLabel("Highest price").fill("20");
    await form.getByRole("button", { name: "Create collection" }).click();
    await form.getByText("Use lowercase letters, digits and hyphens").waitFor();
    await form.getByText("The highest price must be above the lowest").waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await expectNoSidewaysScroll(page);
    await screenshot(page, "collections-admin-form-375");
    await context.close();
  });
});
