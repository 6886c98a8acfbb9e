import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot as takeScreenshot, VIEWPORTS } from "../support/browser";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { startE2eShop } from "../support/global-setup";
import { shopUrl, useOwnShop } from "../support/shop-url";
import { axeViolations } from "../support/page-checks";

/**
 * The owner's desk (issue 20) in Chromium: insights charts drawn from orders placed through the
 * API (one of them cancelled), their table, the CSV import with its preview, low stock and the
 * audit trail, at 1280 and 375 px, axe clean.
 */
type Insights = {
  totals: { revenueCents: number; orders: number; averageOrderCents: number; units: number };
  daily: { day: string; revenueCents: number; orders: number }[];
};

let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const origin = () => ({ Origin: shopUrl() });

/** A shopper buys `quantity` of a product; answers the order. */
async function placeOrder(page: Page, productId: string, quantity: number) {
  const added = await page.request.put(`/api/cart/${productId}`, { data: { quantity }, headers: origin() });
  expect(added.status()).toBe(200);
  const line = (await added.json()) as { _id: string };
  const order = await page.request.post("/api/orders", {
    headers: { ...origin(), "idempotency-key": crypto.randomUUID() },
    data: {
      lineIds: [line._id],
      delivery: { name: "Desk Shopper", address: "12 Harbour Road", city: "Dhaka", phone: "+8801711000000" },
      card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
    },
  });
  expect(order.status()).toBe(201);
  return (await order.json()) as { _id: string; total: number };
}

/** A full-page screenshot from the top (the sticky bars stay where they belong). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeScreenshot(page, name);
}

const money = (cents: number) =>
  `$ ${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`;

async function insightsOf(page: Page, days: number): Promise<Insights> {
  const response = await page.request.get(`/api/admin/insights?days=${days}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Insights;
}

beforeAll(async () => {
  // Imports and sales here change the catalogue and its stock: not in the shared shop.
  ownShop = await startE2eShop();
  useOwnShop(ownShop);
  browser = await launchBrowser();
  const shopper = await openAsShopper(browser);
  admin = await openAsAdmin(browser);
  const products = (await (await shopper.page.request.get("/api/products?limit=48")).json()) as {
    _id: string;
    stock: number;
    variantCount: number;
  }[];
  const stocked = products.filter((product) => product.stock >= 10 && product.variantCount === 1);
  await placeOrder(shopper.page, stocked[0]!._id, 2);
  await placeOrder(shopper.page, stocked[1]!._id, 1);
  await placeOrder(shopper.page, stocked[2]!._id, 3);
  const cancelled = await placeOrder(shopper.page, stocked[3]!._id, 1);
  const cancel = await admin.page.request.patch(`/api/admin/orders/${cancelled._id}`, {
    data: { status: "cancelled" },
    headers: origin(),
  });
  expect(cancel.status()).toBe(200);
  await shopper.context.close();
});
let ownShop: Awaited<ReturnType<typeof startE2eShop>> | undefined;
afterAll(async () => {
  await browser?.close();
  await ownShop?.stop();
});

describe.each([
  ["desktop", VIEWPORTS.desktop],
  ["mobile", VIEWPORTS.mobile],
] as const)("the insights page at %s width", (name, viewport) => {
  it("draws the four charts from the orders and shows the server's figures, in cards and in a table, axe clean", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport });
    const expected = await insightsOf(page, 7);
    expect(expected.totals.orders).toBeGreaterThanOrEqual(3);

    await page.goto("/dashboard/insights?days=7");
    await page.getByRole("heading", { name: "Insights", level: 2 }).waitFor();
    for (const metric of ["revenueCents", "orders", "averageOrderCents", "units"]) {
      const canvas = page.locator(`[data-chart='${metric}'] canvas`);
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.width).toBeLessThanOrEqual(viewport.width);
    }
    // The chart has drawn bars: today's column is not blank.
    const painted = await page
      .locator("[data-chart='revenueCents'] canvas")
      .evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
        let coloured = 0;
        for (let index = 0; index < pixels.length; index += 4) {
          if (pixels[index + 3]! > 0 && pixels[index + 2]! > pixels[index]! + 60) coloured++;
        }
        return coloured;
      });
    expect(painted).toBeGreaterThan(50);

    const revenueCard = page.locator("dt", { hasText: "Revenue" }).locator("xpath=..");
    await expect
      .poll(() => revenueCard.locator("dd").first().innerText())
      .toBe(money(expected.totals.revenueCents));
    const ordersCard = page.locator("dt", { hasText: /^Orders$/ }).locator("xpath=..");
    expect(await ordersCard.locator("dd").first().innerText()).toBe(String(expected.totals.orders));
    await page.getByRole("button", { name: "7 days" }).and(page.locator("[aria-pressed='true']")).waitFor();
    await screenshot(page, `owners-desk-insights-${name}`);
    expect(await axeViolations(page)).toEqual([]);

    // The table alternative: the same figures, day by day, and the totals.
    await page.getByText("Show these figures as a table").click();
    const table = page.getByRole("table", {
      name: /Revenue, orders, average order value and units sold per day/,
    });
    await table.waitFor();
    expect(await table.locator("tbody tr").count()).toBe(7);
    const totalRow = table.locator("tfoot tr");
    expect(await totalRow.locator("td").first().innerText()).toBe(money(expected.totals.revenueCents));
    expect(await totalRow.locator("td").nth(1).innerText()).toBe(String(expected.totals.orders));
    const today = expected.daily.at(-1)!;
    const firstRow = table.locator("tbody tr").first();
    expect(await firstRow.locator("td").first().innerText()).toBe(money(today.revenueCents));
    await screenshot(page, `owners-desk-insights-table-${name}`);
    expect(await axeViolations(page)).toEqual([]);

    // Another period reloads the figures.
    await page.getByRole("button", { name: "90 days" }).click();
    await page.waitForURL(/days=90/);
    await table.locator("tbody tr").nth(89).waitFor();
    await context.close();
  });
});

const CSV_HEADER = "name,category,price,stock,description,image";
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const csvFile = (rows: string[]) => ({
  name: "supplier.csv",
  mimeType: "text/csv",
  buffer: Buffer.from([CSV_HEADER, ...rows].join("\n")),
});

describe.each([
  ["desktop", VIEWPORTS.desktop],
  ["mobile", VIEWPORTS.mobile],
] as const)("CSV import, low stock and the audit trail at %s width", (name, viewport) => {
  it("previews a file's errors by row and imports nothing; a good file is previewed, then imported; the badge, low stock and the trail show it", async () => {
    const { context, page } = await openAsAdmin(browser, { viewport });
    await page.goto("/dashboard/import-export");
    const fileInput = page.getByLabel("CSV file");
    await fileInput.waitFor();

    const lamp = uniqueName("Desk Lamp");
    const kettle = uniqueName("Desk Kettle");
    await fileInput.setInputFiles(
      csvFile([
        `${lamp},gadgets,19.99,1,A lamp.,https://images.example.com/l.webp`,
        `${kettle},kitchen,ten,4,A kettle.,ftp://x`,
      ]),
    );
    const errors = page.getByRole("list", { name: "Errors by row" });
    await errors.waitFor();
    const items = await errors.getByRole("listitem").allInnerTexts();
    expect(items).toEqual([
      expect.stringMatching(/^Row 3, price: /),
      expect.stringMatching(/^Row 3, category: Unknown category/),
      expect.stringMatching(/^Row 3, image: /),
    ]);
    expect(await page.getByRole("button", { name: /^Import 2 products$/ }).isDisabled()).toBe(true);
    await screenshot(page, `owners-desk-import-errors-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(
      (await (await page.request.get(`/api/products?q=${encodeURIComponent(lamp)}`)).json()).length,
    ).toBe(0);

    await page.getByRole("button", { name: "Choose another file" }).click();
    await fileInput.setInputFiles(
      csvFile([
        `${lamp},gadgets,19.99,1,A lamp.,https://images.example.com/l.webp`,
        `${kettle},gadgets,10.00,4,A kettle.,/demo/products/test.svg`,
      ]),
    );
    const preview = page.getByRole("table", { name: "The first rows as they will be stored" });
    await preview.waitFor();
    expect(await preview.getByRole("rowheader").allInnerTexts()).toEqual([lamp, kettle]);
    await screenshot(page, `owners-desk-import-preview-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Import 2 products" }).click();
    await page.getByRole("status").filter({ hasText: "Imported 2 new products and 0 updates." }).waitFor();
    expect(
      (await (await page.request.get(`/api/products?q=${encodeURIComponent(lamp)}`)).json()).length,
    ).toBe(1);

    // The lamp (1 in stock) is low: the menu's badge counts it, the low stock page lists it.
    await page.goto("/dashboard/lowstock");
    // A table from 640 px; a card per product on a phone, with the same facts.
    if (viewport === VIEWPORTS.desktop) {
      const lowRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: lamp }) });
      await lowRow.waitFor();
      expect(await lowRow.locator("td").allInnerTexts()).toEqual(["1", "0", "No sales"]);
      // A size and colour low on its own (the demo shop has sold-out sizes) says which one it is.
      expect(await page.getByTestId("low-stock-options").first().innerText()).toMatch(
        /^Size: [^·]+( · Colour: .+)?$/,
      );
    } else {
      const lowCard = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: lamp }) });
      await lowCard.waitFor();
      expect(await lowCard.locator("dd").allInnerTexts()).toEqual(["1", "0", "No sales"]);
      expect(await page.getByRole("table").isVisible()).toBe(false);
    }
    if (viewport === VIEWPORTS.desktop) {
      const nav = page.getByRole("navigation", { name: "Dashboard" });
      await nav.getByLabel(/products? low on stock$/).waitFor();
    }
    await screenshot(page, `owners-desk-low-stock-${name}`);
    expect(await axeViolations(page)).toEqual([]);

    // The trail shows both products created by the admin.
    await page.goto(`/dashboard/audit?q=${encodeURIComponent(lamp)}`);
    const entry = page.getByRole("article", { name: `Product created: ${lamp}` });
    await entry.waitFor();
    expect(await entry.innerText()).toContain("admin@shop.com");
    await screenshot(page, `owners-desk-audit-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

it("a large file shows a progress bar while it is sent and checked, then its error count", async () => {
  const { context, page } = await openAsAdmin(browser);
  await page.goto("/dashboard/import-export");
  const rows = Array.from(
    { length: 10_000 },
    (_, index) =>
      `Big ${index},hats,9.99,1,${"A long description. ".repeat(5)},https://images.example.com/b.webp`,
  );
  await page.getByLabel("CSV file").setInputFiles(csvFile(rows));
  await page.getByRole("progressbar", { name: "Checking supplier.csv" }).waitFor();
  await page.getByText("10,000 errors in this file").waitFor();
  await page.getByText("…and 9,000 more errors: the first 1,000 are listed.").waitFor();
  expect(await page.getByRole("list", { name: "Errors by row" }).getByRole("listitem").count()).toBe(1_000);
  await context.close();
});

it("the dashboard menu shows the desk's pages to the admin only", async () => {
  const shopper = await openAsShopper(browser);
  await shopper.page.goto("/dashboard");
  const nav = shopper.page.getByRole("navigation", { name: "Dashboard" });
  await nav.getByRole("link", { name: "My Orders" }).waitFor();
  expect(await nav.getByRole("link", { name: "Insights" }).count()).toBe(0);
  await shopper.page.goto("/dashboard/insights");
  await shopper.page
    .getByText(/not authori[sz]ed/i)
    .first()
    .waitFor();
  await shopper.context.close();
});
