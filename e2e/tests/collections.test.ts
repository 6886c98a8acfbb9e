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

async function addProduct(page: Page, productname: string, price: string): Promise<string> {
  const created = await page.request.post("/api/addproduct", {
    headers: { Origin: shopUrl() },
    data: {
      productname,
      price,
      catagory: "shoes",
      description: "A sandal for the collection's page.",
      image: "/demo/products/retro-court-sneaker.svg",
      stock: 5,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** A manual collection of the given products, made through the owner's API. */
async function addCollection(page: Page, slug: string, productIds: string[]) {
  const created = await page.request.post("/api/admin/collections", {
    headers: { Origin: shopUrl() },
    data: {
      slug,
      title: "Beach Days",
      description: "Sandals and slides for the sand, picked by hand.",
      image: "/demo/promo/promo-1-800.webp",
      kind: "manual",
    },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()) as { _id: string };
  const picked = await page.request.put(`/api/admin/collections/${_id}/products`, {
    headers: { Origin: shopUrl() },
    data: { productIds },
  });
  expect(picked.status()).toBe(200);
}

describe("a collection's page", () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px: shows its title, description, picture and only its products, sorted and filtered in the address`, async () => {
      const tag = `${size}x${Date.now().toString(36)}`;
      const admin = await openAsAdmin(browser, { viewport });
      const cheap = `Slide${tag}`;
      const dear = `Espadrille${tag}`;
      const ids = [await addProduct(admin.page, cheap, "19.00"), await addProduct(admin.page, dear, "64.00")];
      const slug = `beach-days-${tag}`;
      await addCollection(admin.page, slug, ids);
      await admin.context.close();

      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto(`/collections/${slug}`);
      await page.getByRole("heading", { name: "Beach Days", level: 1 }).waitFor();
      await page.getByText("Sandals and slides for the sand, picked by hand.").waitFor();
      const grid = page.getByRole("list", { name: "Beach Days: products" });
      await expect.poll(() => grid.getByRole("listitem").count()).toBe(2);
      await page.getByText("2 products").filter({ visible: true }).first().waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      if (size === "375") await expectNoSidewaysScroll(page);
      await screenshot(page, `collection-page-${size}`);

      await page.getByLabel("Sort by").selectOption("price-desc");
      await page.waitForURL(/sort=price-desc/);
      await expect.poll(() => grid.getByRole("listitem").first().innerText()).toContain(dear);

      await page.goto(`/collections/${slug}?maxPrice=30`);
      await expect.poll(() => grid.getByRole("listitem").count()).toBe(1);
      expect(await grid.innerText()).toContain(cheap);
      await context.close();
    });
  }

  it("is where the home carousel's first slide and the Shoes tile lead once the owner chooses it in the dashboard", async () => {
    const tag = `home${Date.now().toString(36)}`;
    const admin = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    const slug = `beach-days-${tag}`;
    await addCollection(admin.page, slug, [await addProduct(admin.page, `Flipflop${tag}`, "12.00")]);
    // The owner chooses in the dashboard, on a phone.
    await admin.page.setViewportSize(VIEWPORTS.mobile);
    await admin.page.goto("/dashboard/home-links");
    await admin.page.getByRole("heading", { name: "Home Page Links", level: 2 }).waitFor();
    const choice = `Beach Days (/collections/${slug})`;
    await admin.page.getByLabel(/^Slide 1: Summer Collection/).selectOption({ label: choice });
    await admin.page.getByLabel("Shoes tile").selectOption({ label: choice });
    await expectNoAxeViolations(admin.page, { include: "main", wcagOnly: true, seriousOnly: true });
    await expectNoSidewaysScroll(admin.page);
    await screenshot(admin.page, "home-links-375");
    await admin.page.getByRole("button", { name: "Save links" }).click();
    await admin.page.getByText("Home page links saved").waitFor();
    try {
      for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
        const { context, page } = await openAsShopper(browser, { viewport });
        await page.goto("/");
        const slide = page.getByRole("link", { name: /Summer Collection/ }).first();
        await expect.poll(() => slide.getAttribute("href")).toBe(`/collections/${slug}`);
        await expect
          .poll(() =>
            page
              .getByRole("link", { name: /^Shoes/ })
              .first()
              .getAttribute("href"),
          )
          .toBe(`/collections/${slug}`);
        await slide.click();
        await page.waitForURL(`**/collections/${slug}`);
        await page.getByRole("heading", { name: "Beach Days", level: 1 }).waitFor();
        await context.close();
      }
    } finally {
      // Other tests read the home page's links as built.
      await admin.page.request.put("/api/admin/home-links", {
        headers: { Origin: shopUrl() },
        data: {
          slides: [null, null, null],
          categories: { womans: null, mans: null, shoes: null, gadgets: null },
        },
      });
      await admin.context.close();
    }
  });

  it("is offered by the header search as the shopper types its name with a typo, at 375 px", async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const admin = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    const slug = `beach-days-${tag.toLowerCase()}`;
    await addCollection(admin.page, slug, [await addProduct(admin.page, `Slide${tag}`, "15.00")]);
    await admin.context.close();

    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search the shop" });
    await box.click();
    await box.pressSequentially("beech days", { delay: 40 });
    const option = page.getByRole("option", { name: "Collection: Beach Days" }).first();
    await option.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "collection-suggestion-375");
    // Past the product suggestions (none here: no product is named so) to the collection.
    for (let step = 0; step < 6 && (await option.getAttribute("aria-selected")) !== "true"; step++) {
      await box.press("ArrowDown");
    }
    expect(await option.getAttribute("aria-selected")).toBe("true");
    await box.press("Enter");
    await page.waitForURL(/\/collections\/beach-days-/);
    await page.getByRole("heading", { name: "Beach Days", level: 1 }).waitFor();
    await context.close();
  });

  it("says so for an address no collection has", async () => {
    const { context, page } = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/collections/no-such-collection");
    await page.getByRole("heading", { name: "Collection not found", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Browse all products" }).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await context.close();
  });
});
