import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { shopUrl } from "../support/shop-url";
import { expectNoAxeViolations } from "../support/page-checks";

type Variant = { _id: string; options: Record<string, string>; stock: number; price: number };
type Detail = { _id: string; productname: string; variants: Variant[] };
type Order = { _id: string; number: number };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SIZES = [
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const;

/** The button-like label of one value (its radio button is visually hidden). */
const sizeLabel = (group: Locator, name: string) =>
  group.locator("label").filter({ has: group.page().getByRole("radio", { name, exact: true }) });

const field = (page: Page, label: string) =>
  page.getByRole("form", { name: "Checkout" }).getByLabel(label, { exact: true });

describe("a product in sizes and colours", () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px: refuses a sold-out size, adds a chosen one, changes its quantity in the bag, checks out, and the size shows in My Orders and to the admin`, async () => {
      const { context, page } = await openAsShopper(browser, { viewport });
      const [listed] = (await (await page.request.get("/api/products?q=Essential%20Crew")).json()) as {
        _id: string;
      }[];
      const detail = (await (await page.request.get(`/api/productdetail/${listed!._id}`)).json()) as Detail;
      const navy = detail.variants.filter((variant) => variant.options.Colour === "Navy");
      const soldOut = navy.find((variant) => variant.stock === 0)!;
      const available = navy.filter((variant) => variant.stock >= 2).at(-1)!;
      expect(soldOut).toBeDefined();

      await page.goto(`/aboutproduct/${detail._id}?colour=Navy`);
      await page.getByRole("heading", { name: detail.productname, level: 1 }).waitFor();
      const sizeGroup = page.getByRole("group", { name: /^Size/ });

      // The sold-out size is there, crossed out; chosen, it offers "Notify me" instead of the bag.
      await sizeLabel(sizeGroup, `${soldOut.options.Size} (sold out)`).click();
      await page.waitForURL((url) => url.searchParams.get("size") === soldOut.options.Size);
      await page.getByRole("button", { name: "Notify me when it is back" }).waitFor();
      expect(await page.getByRole("button", { name: "Add to shopping bag" }).isDisabled()).toBe(true);
      await page.goto(`/aboutproduct/${detail._id}?colour=Navy`);
      await page.getByRole("heading", { name: detail.productname, level: 1 }).waitFor();

      // Adding before choosing asks for a size and adds nothing.
      await page.getByRole("button", { name: "Add to shopping bag" }).click();
      await page.getByRole("alert").filter({ hasText: "Choose a Size first." }).waitFor();

      // An available size: the address keeps the choice, price and stock follow it.
      await sizeLabel(sizeGroup, available.options.Size!).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get("size") === available.options.Size &&
          url.searchParams.get("colour") === "Navy",
      );
      expect(
        await sizeGroup.getByRole("radio", { name: available.options.Size, exact: true }).isChecked(),
      ).toBe(true);
      await page
        .getByRole("main")
        .getByText(`$ ${available.price.toFixed(2)} each`)
        .waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(page, `variants-product-${size}`);

      const [added] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/cart/")),
        page.getByRole("button", { name: "Add to shopping bag" }).click(),
      ]);
      expect(added.status()).toBe(200);
      expect(added.request().postDataJSON()).toMatchObject({ variantId: available._id });

      // The bag: one line of that size and colour; its quantity goes up to 2.
      await page.goto("/cart");
      const options = `Size: ${available.options.Size} · Colour: Navy`;
      await page.getByRole("main").getByText(options).filter({ visible: true }).first().waitFor();
      const [changed] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().includes("/api/cart/")),
        page
          .getByRole("button", { name: `One more ${detail.productname}` })
          .filter({ visible: true })
          .click(),
      ]);
      expect(changed.status()).toBe(200);
      await page
        .getByRole("group", { name: `Quantity of ${detail.productname}` })
        .filter({ visible: true })
        .getByText("2")
        .waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(page, `variants-cart-${size}`);

      // Check out that line.
      const line = (await changed.json()) as { _id: string };
      await page.goto(`/checkout?line=${line._id}`);
      await field(page, "Address").fill("12 Harbour Road");
      await field(page, "City").fill("Dhaka");
      await field(page, "Phone No.").fill("+8801711000000");
      await field(page, "Card number").fill("4242 4242 4242 4242");
      await field(page, "Expiry date").fill("12/39");
      await field(page, "CVC").fill("123");
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
        page
          .getByRole("form", { name: "Checkout" })
          .getByRole("button", { name: /^Pay \$/ })
          .click(),
      ]);
      expect(created.status()).toBe(201);
      const order = (await created.json()) as Order;

      // My Orders: the order's page shows the size bought.
      await page.goto(`/dashboard/orders/${order._id}`);
      await page.getByTestId("order-line-options").filter({ hasText: options }).waitFor();
      await screenshot(page, `variants-my-order-${size}`);
      await context.close();

      // The admin's view of the order too.
      const admin = await openAsAdmin(browser, { viewport });
      await admin.page.goto(`/dashboard/orders/${order._id}`);
      await admin.page.getByTestId("order-line-options").filter({ hasText: options }).waitFor();
      await admin.context.close();
    });
  }
});

describe("the admin's sizes and pictures", () => {
  it("adds sizes with their own stock and price, and reorders the pictures, from Manage Products", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    const created = await page.request.post("/api/addproduct", {
      headers: { Origin: shopUrl() },
      data: {
        productname: `Sized Scarf ${Date.now()}`,
        price: "20.00",
        catagory: "womans",
        description: "A scarf in two sizes.",
        image: "/demo/products/silk-bow-blouse.svg",
        stock: 4,
      },
    });
    expect(created.status()).toBe(201);
    const { _id: productId } = (await created.json()) as { _id: string };

    await page.goto(`/dashboard/manageproduct?edit=${productId}`);
    const editor = page.getByRole("region", { name: "Sizes and colours" });
    await editor.getByRole("button", { name: "Add an option" }).click();
    await editor.getByLabel("Option 1 name").fill("Size");
    await editor.getByLabel("Option 1 values").fill("S, M");
    await editor.getByLabel("Stock of S").fill("5");
    await editor.getByLabel("Stock of M").fill("3");
    await editor.getByLabel("Price of M", { exact: true }).fill("24.50");
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await screenshot(page, "variants-admin-1280");
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/variants")),
      editor.getByRole("button", { name: "Save sizes and colours" }).click(),
    ]);
    expect(saved.status()).toBe(200);

    const pictures = page.getByRole("region", { name: "Pictures" });
    await pictures.getByLabel("Address of another picture").fill("/demo/products/sage-satin-blouse.svg");
    await pictures.getByRole("button", { name: "Add picture" }).click();
    await pictures.getByRole("button", { name: "Make picture 2 the main one" }).click();
    const [galleryResponse] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/images")),
      pictures.getByRole("button", { name: "Save pictures" }).click(),
    ]);
    expect(galleryResponse.status()).toBe(200);

    const detail = (await (await page.request.get(`/api/productdetail/${productId}`)).json()) as Detail & {
      image: string;
      price: number;
      priceMax: number;
      stock: number;
    };
    expect(detail.variants.map((variant) => [variant.options.Size, variant.stock, variant.price])).toEqual([
      ["S", 5, 20],
      ["M", 3, 24.5],
    ]);
    expect([detail.price, detail.priceMax, detail.stock]).toEqual([20, 24.5, 8]);
    expect(detail.image).toBe("/demo/products/sage-satin-blouse.svg");
    await context.close();
  });
});
