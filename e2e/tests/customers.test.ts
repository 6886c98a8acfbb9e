import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { shopUrl } from "../support/shop-url";

/**
 * Customers (issue 40): a shopper orders; the owner finds them by e-mail in Customers, sees the
 * order, total and address on their page, and writes a note, at 1280 and 375 px, axe clean.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function shopperWithAnOrder() {
  const shopper = await openAsShopper(browser);
  const products = (await (await shopper.page.request.get("/api/products?limit=48")).json()) as {
    _id: string;
    stock: number;
    variantCount: number;
    price: number;
  }[];
  const product = products.find((candidate) => candidate.stock >= 5 && candidate.variantCount === 1)!;
  const headers = { Origin: shopUrl() };
  const line = await shopper.page.request.put(`/api/cart/${product._id}`, { data: { quantity: 1 }, headers });
  expect(line.status()).toBe(200);
  const order = await shopper.page.request.post("/api/orders", {
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    data: {
      lineIds: [((await line.json()) as { _id: string })._id],
      delivery: { name: shopper.name, address: "7 Lake Circus", city: "Dhaka", phone: "+8801711000007" },
      card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
    },
  });
  expect(order.status()).toBe(201);
  const placed = (await order.json()) as { number: number };
  await shopper.context.close();
  return { ...shopper, order: placed };
}

describe("customers", () => {
  for (const [size, viewport] of [
    ["1280", VIEWPORTS.desktop],
    ["375", VIEWPORTS.mobile],
  ] as const) {
    it(`at ${size} px: finds a shopper by e-mail, opens their page with the order and address, and keeps a note`, async () => {
      const shopper = await shopperWithAnOrder();
      const { context, page } = await openAsAdmin(browser, { viewport });
      await page.goto("/dashboard/customers?sort=last-order");
      await page.getByRole("heading", { name: "Customers", level: 2 }).waitFor();
      await page.getByRole("searchbox", { name: "Search customers" }).fill(shopper.email);
      await page.waitForURL((url) => url.searchParams.get("q") === shopper.email);
      const link = page.getByRole("link", { name: shopper.name, exact: true }).locator("visible=true");
      await expect.poll(() => link.count()).toBe(1);
      await expectNoAxeViolations(page, { include: "main", seriousOnly: true });
      await expectNoSidewaysScroll(page);
      await screenshot(page, `customers-list-${size}`);

      await link.click();
      await page.getByRole("heading", { name: shopper.name, level: 2 }).waitFor();
      const main = page.getByRole("main");
      await main.getByRole("link", { name: `Order #${shopper.order.number}` }).waitFor();
      await main.getByText(/7 Lake Circus, Dhaka/).waitFor();
      await main.getByText("No notes yet.").waitFor();

      // An empty note is refused with a message; a written one appears with its author.
      await main.getByRole("button", { name: "Add note" }).click();
      await main.getByText("Write the note first").waitFor();
      await main.getByLabel("New note").fill("Asked for gift wrapping next time.");
      await main.getByRole("button", { name: "Add note" }).click();
      await main.getByText("Asked for gift wrapping next time.").waitFor();
      await main.getByText(/^Shop Admin · /).waitFor();
      await expectNoAxeViolations(page, { include: "main", seriousOnly: true });
      await expectNoSidewaysScroll(page);
      await screenshot(page, `customer-page-${size}`);

      await main.getByRole("button", { name: /^Remove note/ }).click();
      await main.getByText("No notes yet.").waitFor();
      await context.close();
    });
  }
});
