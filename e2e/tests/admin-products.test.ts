import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot as takeScreenshot, VIEWPORTS } from "../support/browser";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { expectCount, productCards } from "../support/storefront";
import { shopUrl } from "../support/shop-url";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";

type Product = {
  _id: string;
  productname: string;
  price: number;
  catagory: string;
  image: string;
  stock: number;
};
type CartLine = { productId: string; name: string };

let browser: Browser;
/** A small real PNG, made for these tests. */
let png: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  png = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#3b6fd8" } })
    .composite([
      {
        input: await sharp({ create: { width: 160, height: 160, channels: 3, background: "#f4c430" } })
          .png()
          .toBuffer(),
        top: 80,
        left: 80,
      },
    ])
    .png()
    .toBuffer();
});
afterAll(() => browser.close());

/** A full-page screenshot taken from the top (the sticky top bar stays where it belongs). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeScreenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator(".Toastify__toast", { hasText: text });
const addForm = (page: Page) => page.getByRole("form", { name: "Add product" });
const productsTable = (page: Page) => page.getByRole("table", { name: "Products, newest first" });
const productRow = (page: Page, name: string) =>
  productsTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The message shown under a field (the last id in its aria-describedby), once it is invalid. */
async function expectFieldError(form: Locator, label: string, message: string) {
  const input = form.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const errorId = (await input.getAttribute("aria-describedby"))?.split(" ").at(-1);
  expect((await form.locator(`[id="${errorId}"]`).innerText()).trim()).toBe(message);
}

/**
 * Scrolls once through the page so lazy images load, then waits for the shown ones from the
 * shop itself (the list hidden at this width never loads its images; outside hosts are blocked).
 */
async function loadShownImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.getClientRects().length > 0 && image.getAttribute("src")?.startsWith("/"))
      .every((image) => image.complete && image.naturalWidth > 0),
  );
}

async function openAddProduct(page: Page) {
  await page.goto("/dashboard/addproduct");
  await page.getByRole("heading", { name: "Add Product", level: 2 }).waitFor();
  await addForm(page).waitFor();
}

async function findProduct(page: Page, name: string): Promise<Product | undefined> {
  const response = await page.request.get(`/api/products?q=${encodeURIComponent(name)}`);
  return ((await response.json()) as Product[]).find((product) => product.productname === name);
}

async function openManageProducts(page: Page, search?: string) {
  await page.goto("/dashboard/manageproduct");
  await page.getByRole("heading", { name: "Manage Products", level: 2 }).waitFor();
  await page.getByText(/^Showing |^No products/).waitFor();
  if (search) {
    await page.getByRole("searchbox", { name: "Search products" }).fill(search);
    await page
      .getByRole("status")
      .filter({ hasText: `for “${search}”` })
      .waitFor();
  }
}

describe("Add Product", () => {
  it("shows every one of SPEC's messages, and the contract's for a bad price, image or stock", async () => {
    const { context, page } = await openAsAdmin(browser);
    await openAddProduct(page);
    const form = addForm(page);
    // The stock starts at 10; everything else is empty.
    expect(await form.getByLabel("Stock", { exact: true }).inputValue()).toBe("10");

    await form.getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(form, "Product name", "Product name Required");
    await expectFieldError(form, "Price (US$)", "Price is Required");
    await expectFieldError(form, "Image URL", "Image is Required");
    await expectFieldError(form, "Description", "Description is Required");
    await expectFieldError(form, "Category", "Category is Required");
    // The first invalid field has focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("productname");
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "admin-addproduct-errors-1280");

    for (const price of ["0", "abc", "12.345", "-5"]) {
      await form.getByLabel("Price (US$)", { exact: true }).fill(price);
      await form.getByRole("button", { name: "Add Product" }).click();
      await expectFieldError(form, "Price (US$)", "Price must be a positive amount with at most 2 decimals");
    }
    await form.getByLabel("Image URL", { exact: true }).fill("not an address");
    await form.getByLabel("Stock", { exact: true }).fill("2.5");
    await form.getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(form, "Image URL", "Image must be an http(s) address or an uploaded image");
    await expectFieldError(form, "Stock", "Stock must be a whole number from 0 to 100000");

    // Fixed fields lose their message as soon as they are valid again.
    await form.getByLabel("Price (US$)", { exact: true }).fill("12.50");
    await form.getByLabel("Product name", { exact: true }).click();
    await expect
      .poll(() => form.getByLabel("Price (US$)", { exact: true }).getAttribute("aria-invalid"))
      .toBeNull();
    await context.close();
  });

  it("refuses a file that is not an image, before and after sending it", async () => {
    const { context, page } = await openAsAdmin(browser);
    await openAddProduct(page);
    const form = addForm(page);
    const fileInput = form.getByLabel("Upload an image file");

    await fileInput.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await form.getByText("Choose a JPEG, PNG or WebP image").waitFor();

    // Named and typed as a PNG, but not one: the server checks the content (415).
    await fileInput.setInputFiles({
      name: "evil.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg>".repeat(50)),
    });
    await form.getByText("Only JPEG, PNG or WebP images can be uploaded").waitFor();
    expect(await form.getByLabel("Image URL", { exact: true }).inputValue()).toBe("");
    await context.close();
  });
});

describe("a product's life: add with an uploaded image, find, edit, delete", () => {
  it("is listed in its category and in search, edited, then gone from listings and carts", async () => {
    const name = uniqueName("Harbour Desk Lamp");
    const admin = await openAsAdmin(browser);
    const { page } = admin;

    // Add: fields, an uploaded image with progress and preview.
    await openAddProduct(page);
    const form = addForm(page);
    await form.getByLabel("Product name", { exact: true }).fill(name);
    await form.getByLabel("Price (US$)", { exact: true }).fill("12.50");
    await form.getByLabel("Category", { exact: true }).selectOption({ label: "Gadgets" });
    await form.getByLabel("Stock", { exact: true }).fill("7");
    await form.getByLabel("Description", { exact: true }).fill("A warm desk lamp with a brass arm.");

    // The upload is held back for a moment, so its progress bar can be seen.
    let releaseUpload: () => void = () => {};
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route("**/api/uploads", async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await form
      .getByLabel("Upload an image file")
      .setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: png });
    const progress = form.getByRole("progressbar", { name: "Uploading lamp.png" });
    await progress.waitFor();
    await screenshot(page, "admin-addproduct-uploading-1280");
    releaseUpload();
    await form.getByText("Uploaded lamp.png.").waitFor();
    await progress.waitFor({ state: "detached" });
    await page.unroute("**/api/uploads");

    const imageUrl = form.getByLabel("Image URL", { exact: true });
    const imagePath = await imageUrl.inputValue();
    expect(imagePath).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const preview = form.getByRole("img", { name: "Preview of the product image" });
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(320);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "admin-addproduct-1280");

    await form.getByRole("button", { name: "Add Product" }).click();
    await toast(page, "Product Added Successfully").waitFor();
    // The form starts again.
    await expect.poll(() => form.getByLabel("Product name", { exact: true }).inputValue()).toBe("");
    expect(await imageUrl.inputValue()).toBe("");
    expect(await form.getByLabel("Stock", { exact: true }).inputValue()).toBe("10");
    expect(await form.getByLabel("Category", { exact: true }).inputValue()).toBe("");
    expect(await form.getByText("Uploaded lamp.png.").count()).toBe(0);

    const product = await findProduct(page, name);
    expect(product).toMatchObject({ price: 12.5, catagory: "gadgets", stock: 7, image: imagePath });
    const productId = product!._id;

    // On its category page (newest first) and through the /products search, in lower case.
    await page.goto("/gadget");
    const card = productCards(page).filter({ hasText: name });
    await card.first().waitFor();
    expect(await card.first().getByRole("img", { name }).getAttribute("src")).toBe(imagePath);
    await page.goto("/products");
    await page.getByRole("searchbox", { name: "Search products" }).fill(name.toLowerCase());
    await expectCount(productCards(page), 1);
    expect(await productCards(page).first().innerText()).toContain("$ 12.50");

    // A shopper puts it in their cart.
    const shopper = await openAsShopper(browser);
    const added = await shopper.page.request.put(`/api/cart/${productId}`, {
      data: { quantity: 2 },
      headers: { Origin: shopUrl() },
    });
    expect(added.status()).toBe(200);

    // Edit: the price.
    await openManageProducts(page, name);
    const row = productRow(page, name);
    expect(await row.getByRole("cell").nth(3).innerText()).toBe("Gadgets");
    expect(await row.getByRole("cell").nth(4).innerText()).toBe("$ 12.50");
    expect(await row.getByRole("cell").nth(5).innerText()).toBe("7");
    expect(await row.locator("img").getAttribute("src")).toBe(imagePath);
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    await page.waitForURL((url) => url.searchParams.get("edit") === productId);
    const editForm = page.getByRole("form", { name: `Edit ${name}` });
    const price = editForm.getByLabel("Price (US$)", { exact: true });
    await expect.poll(() => price.inputValue()).toBe("12.50");
    expect(await editForm.getByLabel("Category", { exact: true }).inputValue()).toBe("gadgets");
    expect(await editForm.getByLabel("Image URL", { exact: true }).inputValue()).toBe(imagePath);
    await screenshot(page, "admin-editproduct-1280");
    await price.fill("");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await expectFieldError(editForm, "Price (US$)", "Price is Required");
    await price.fill("19.99");
    await editForm.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Product updated").waitFor();
    await page.waitForURL((url) => !url.searchParams.has("edit"));
    await expect.poll(() => productRow(page, name).getByRole("cell").nth(4).innerText()).toBe("$ 19.99");
    // Focus is back on the product's Edit button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Edit ${name}`,
    );
    expect((await findProduct(page, name))?.price).toBe(19.99);

    // The shopper's cart shows the new price.
    await shopper.page.goto("/cart");
    await shopper.page.getByRole("rowheader", { name }).waitFor();

    // Delete, through the confirmation.
    const deleteButton = productRow(page, name).getByRole("button", { name: `Delete ${name}` });
    await deleteButton.click();
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this item?" });
    await dialog.getByText(name).waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Product deleted").waitFor();
    await page.getByText(`No products match “${name}”`).waitFor();

    // Gone from the catalogue, its category, search, its page and the shopper's cart.
    expect(await findProduct(page, name)).toBeUndefined();
    expect((await page.request.get(`/api/productdetail/${productId}`)).status()).toBe(404);
    await page.goto("/gadget");
    await productCards(page).first().waitFor();
    expect(await productCards(page).filter({ hasText: name }).count()).toBe(0);
    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await page.getByText(`No products match “${name}”`).waitFor();
    const cart = await shopper.page.request.get(`/api/carts/${encodeURIComponent(shopper.email)}`);
    expect(((await cart.json()) as CartLine[]).some((line) => line.productId === productId)).toBe(false);
    await shopper.page.reload();
    await shopper.page.getByText("Your cart is empty").waitFor();

    await shopper.context.close();
    await admin.context.close();
  });
});

describe("Manage Products", () => {
  it("lists products with thumbnails, searches and pages at 1280px", async () => {
    const { context, page } = await openAsAdmin(browser);
    await openManageProducts(page);
    const rows = productsTable(page).locator("tbody").getByRole("row");
    await expectCount(rows, 10);
    await page.getByText(/^Showing 1–10 of \d+ products$/).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await loadShownImages(page);
    await screenshot(page, "admin-manageproduct-1280");

    const pages = page.getByRole("navigation", { name: "Products pages" });
    await pages.getByRole("button", { name: "Next" }).click();
    await page.getByText(/^Showing 11–20 of \d+ products$/).waitFor();
    await page.goBack();
    await page.getByText(/^Showing 1–10 of \d+ products$/).waitFor();

    await page.getByRole("searchbox", { name: "Search products" }).fill("zzz-nothing-like-this");
    await page.getByText("No products match “zzz-nothing-like-this”").waitFor();
    await context.close();
  });

  it("shows cards at 375px without sideways scrolling, and the edit form fits", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport: VIEWPORTS.mobile });
    await openManageProducts(page);
    const cards = page.getByRole("list", { name: "Products, newest first" });
    await expectCount(cards.getByRole("listitem"), 10);
    expect(await productsTable(page).isVisible()).toBe(false);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await loadShownImages(page);
    await screenshot(page, "admin-manageproduct-375");

    const first = cards.getByRole("listitem").first();
    const name = (await first.getByRole("heading").innerText()).trim();
    await first.getByRole("button", { name: `Edit ${name}` }).click();
    await page.getByRole("form", { name: `Edit ${name}` }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "admin-editproduct-375");
    await page.getByRole("button", { name: "Cancel" }).click();
    await cards.waitFor();
    await context.close();
  });

  it("Add Product fits at 375px", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport: VIEWPORTS.mobile });
    await openAddProduct(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "admin-addproduct-375");
    await addForm(page).getByRole("button", { name: "Add Product" }).click();
    await expectFieldError(addForm(page), "Category", "Category is Required");
    await expectNoSidewaysScroll(page);
    await screenshot(page, "admin-addproduct-errors-375");
    await context.close();
  });
});
