import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS, type PageOptions } from "../support/browser";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { expectCount, loadLazyImages } from "../support/storefront";
import { shopUrl } from "../support/shop-url";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";

type Product = { _id: string; productname: string; price: number; stock: number; variantCount: number };
type CartLine = { _id: string; productId: string; name: string; quantity: number };
type Order = { _id: string; number: number; status: string; total: number };

const SUCCEEDS = "4242 4242 4242 4242";
const DECLINED = "4000 0000 0000 0002";

let browser: Browser;
/** Demo products with plenty in stock, most first. */
let products: Product[];

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await openAsShopper(browser);
  const all = (await (await page.request.get("/api/products?limit=48")).json()) as Product[];
  // Products without sizes (a sized one needs its variant named; variants-journey covers those).
  products = all
    .filter((product) => product.stock >= 10 && product.variantCount === 1)
    .sort((a, b) => b.stock - a.stock);
  await context.close();
});
afterAll(() => browser.close());

const money = (cents: number) =>
  `$ ${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (price: number) => Math.round(price * 100);
/** The demo's preselected Standard shipping: free from $50 of goods, $4.99 below. */
const withStandardShipping = (goodsCents: number) => goodsCents + (goodsCents >= 5000 ? 0 : 499);
const toast = (page: Page, text: string) => page.locator(".Toastify__toast", { hasText: text });
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart, / });
const checkoutForm = (page: Page) => page.getByRole("form", { name: "Checkout" });
const field = (page: Page, label: string) => checkoutForm(page).getByLabel(label, { exact: true });
const payButton = (page: Page) => checkoutForm(page).getByRole("button", { name: /^Pay \$/ });
const orderRows = (page: Page) =>
  page.getByRole("list", { name: "Orders, newest first" }).getByRole("article");
const orderRow = (page: Page, number: number) =>
  page.getByRole("article", { name: `Order #${number}`, exact: true });

/** A signed-in shopper whose cart holds `quantities[i]` of products[i]; their lines by product. */
async function shopperWithCart(quantities: number[], options: PageOptions = {}) {
  const shopper = await openAsShopper(browser, options);
  for (const [index, quantity] of quantities.entries()) {
    const response = await shopper.page.request.put(`/api/cart/${products[index]!._id}`, {
      data: { quantity },
      headers: { Origin: shopUrl() },
    });
    expect(response.status()).toBe(200);
  }
  const lines = () => cartOf(shopper.page, shopper.email);
  return {
    ...shopper,
    lines,
    lineOf: async (index: number) => (await lines()).find((line) => line.productId === products[index]!._id)!,
  };
}

async function cartOf(page: Page, email: string): Promise<CartLine[]> {
  return (await (await page.request.get(`/api/carts/${encodeURIComponent(email)}`)).json()) as CartLine[];
}

async function ordersOf(page: Page): Promise<Order[]> {
  return (await (await page.request.get("/api/orders")).json()) as Order[];
}

async function openCheckout(page: Page, lineIds: string[] = []) {
  const query = lineIds.map((id) => `line=${id}`).join("&");
  await page.goto(query ? `/checkout?${query}` : "/checkout");
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
  await payButton(page).waitFor();
}

async function fillCheckout(page: Page, card: string) {
  await field(page, "Address").fill("12 Harbour Road, Flat 3");
  await field(page, "City").fill("Dhaka");
  await field(page, "Phone No.").fill("+8801711000000");
  await field(page, "Card number").fill(card);
  await field(page, "Expiry date").fill("12/39");
  await field(page, "CVC").fill("123");
}

describe("checkout and orders", () => {
  it("pays one line with 4242…, declines 4000…0002 without changing anything, and the admin ships the order", async () => {
    const shopper = await shopperWithCart([2, 1]);
    const { page } = shopper;
    const paid = await shopper.lineOf(0);
    const kept = await shopper.lineOf(1);

    // The checkout of one line: that line only, its unit price, quantity and total.
    await openCheckout(page, [paid._id]);
    const summary = page.getByRole("region", { name: "Your order" });
    await summary.getByText(products[0]!.productname).waitFor();
    expect(await summary.getByText(products[1]!.productname).count()).toBe(0);
    expect(await summary.getByText(`2 × ${money(cents(products[0]!.price))}`).count()).toBe(1);
    const total = withStandardShipping(2 * cents(products[0]!.price));
    await expect.poll(() => page.getByTestId("checkout-total").innerText()).toBe(money(total));
    expect(await payButton(page).innerText()).toContain(`Pay ${money(total)}`);
    // Test mode, clearly, with the test cards; the name comes from the session.
    const notice = page.getByRole("region", { name: /TEST MODE/ });
    await notice.getByText(SUCCEEDS).waitFor();
    await notice.getByText(DECLINED).waitFor();
    expect(await field(page, "Name").inputValue()).toBe(shopper.name);
    expect(await field(page, "Card number").getAttribute("autocomplete")).toBe("cc-number");

    await fillCheckout(page, SUCCEEDS);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await loadLazyImages(page);
    await screenshot(page, "orders-checkout-1280");

    // Pay: only the server's 201 leads to the confirmation.
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
      payButton(page).click(),
    ]);
    expect(created.status()).toBe(201);
    const order = (await created.json()) as Order;
    await page.waitForURL(`**/checkout/confirmation/${order._id}`);
    await page.getByRole("heading", { name: "Thank you for your order!", level: 1 }).waitFor();
    expect(await page.getByTestId("order-number").innerText()).toBe(`#${order.number}`);
    const confirmation = page.getByRole("region", { name: "Order summary" });
    await confirmation.getByText(products[0]!.productname).waitFor();
    expect(await confirmation.getByTestId("order-total").innerText()).toBe(money(total));
    await confirmation.getByText("Status: Paid", { exact: true }).waitFor();
    // The bought line left the cart, and the badge says so.
    await expect.poll(() => cartLink(page).getAttribute("aria-label")).toBe("Cart, 1 item");
    expect((await shopper.lines()).map((line) => line._id)).toEqual([kept._id]);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "orders-confirmation-1280");

    // My Orders lists it.
    await page.getByRole("link", { name: "View My Orders" }).click();
    await page.waitForURL("**/dashboard/orders");
    await page.getByRole("heading", { name: "My Orders", level: 2 }).waitFor();
    await expectCount(orderRows(page), 1);
    const row = orderRow(page, order.number);
    await row.getByText("Status: Paid", { exact: true }).waitFor();
    expect(await row.getByText(money(total)).count()).toBe(1);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await loadLazyImages(page);
    await screenshot(page, "orders-my-orders-1280");

    // The declined card: a clear message, and nothing changes.
    await openCheckout(page, [kept._id]);
    await fillCheckout(page, DECLINED);
    const [declined] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
      payButton(page).click(),
    ]);
    expect(declined.status()).toBe(402);
    const alert = checkoutForm(page).getByRole("alert");
    await alert.getByText(/Your card was declined/).waitFor();
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await field(page, "Card number").inputValue()).toBe(DECLINED);
    expect(await payButton(page).isEnabled()).toBe(true);
    expect((await shopper.lines()).map((line) => line._id)).toEqual([kept._id]);
    expect((await ordersOf(page)).map((o) => o._id)).toEqual([order._id]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "orders-checkout-declined-1280");

    // The admin marks it shipped from All Orders.
    const admin = await openAsAdmin(browser);
    await admin.page.goto("/dashboard/allorders");
    await admin.page.getByRole("heading", { name: "All Orders", level: 2 }).waitFor();
    const adminRow = orderRow(admin.page, order.number);
    await adminRow.getByText(shopper.email).waitFor();
    expect(await adminRow.getByRole("button").allInnerTexts()).toEqual(["Mark shipped", "Cancel order"]);
    await loadLazyImages(admin.page);
    await screenshot(admin.page, "orders-all-orders-1280");
    await adminRow.getByRole("button", { name: `Mark shipped (Order #${order.number})` }).click();
    await toast(admin.page, `Order #${order.number} marked shipped`).waitFor();
    await adminRow.getByText("Status: Shipped", { exact: true }).waitFor();
    expect(await adminRow.getByRole("button").allInnerTexts()).toEqual(["Mark delivered"]);
    await admin.context.close();

    // The shopper sees 'Shipped', in the list and in the order.
    await page.goto("/dashboard/orders");
    await orderRow(page, order.number).getByText("Status: Shipped", { exact: true }).waitFor();
    await orderRow(page, order.number)
      .getByRole("link", { name: `Order #${order.number}` })
      .click();
    await page.waitForURL(`**/dashboard/orders/${order._id}`);
    await page.getByRole("heading", { name: `Order #${order.number}`, level: 2 }).waitFor();
    await page.getByText("Card ending in 4242").waitFor();
    await page.getByText("12 Harbour Road, Flat 3").waitFor();
    expect(await page.locator("[aria-current='step']").innerText()).toContain("Shipped");
    expect(await page.getByRole("button", { name: /Mark|Cancel/ }).count()).toBe(0);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "orders-detail-1280");
    await shopper.context.close();
  });

  it("checks out the whole cart, and a double click on Pay places one order", async () => {
    const shopper = await shopperWithCart([1, 3]);
    const { page } = shopper;
    await openCheckout(page);
    const summary = page.getByRole("region", { name: "Your order" });
    await summary.getByText(products[0]!.productname).waitFor();
    await summary.getByText(products[1]!.productname).waitFor();
    const total = withStandardShipping(cents(products[0]!.price) + 3 * cents(products[1]!.price));
    await expect.poll(() => page.getByTestId("checkout-total").innerText()).toBe(money(total));

    await fillCheckout(page, SUCCEEDS);
    await payButton(page).dblclick();
    await page.waitForURL("**/checkout/confirmation/*");
    await page.getByTestId("order-number").waitFor();
    const orders = await ordersOf(page);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.total * 100).toBeCloseTo(total);
    expect(await shopper.lines()).toEqual([]);
    await expect.poll(() => cartLink(page).getAttribute("aria-label")).toBe("Cart, empty");

    // Back to the checkout: nothing is left to buy.
    await page.goto("/checkout");
    await page.getByText("There is nothing to check out").waitFor();
    await shopper.context.close();
  });

  it("shows the field messages from the form and from the server", async () => {
    const shopper = await shopperWithCart([1]);
    const { page } = shopper;
    const line = await shopper.lineOf(0);
    await openCheckout(page, [line._id]);
    await field(page, "Name").fill("");
    await payButton(page).click();
    for (const [label, message] of [
      ["Name", "Name is Required"],
      ["Address", "Address is Required"],
      ["Card number", "Card number is Required"],
      ["Expiry date", "Enter the expiry date as MM/YY"],
      ["CVC", "Enter the 3 or 4 digit security code"],
    ] as const) {
      const input = field(page, label);
      await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
      const errorId = (await input.getAttribute("aria-describedby"))!.split(" ").at(-1);
      expect(await page.locator(`[id="${errorId}"]`).innerText()).toBe(message);
    }
    await screenshot(page, "orders-checkout-errors-1280");

    // A well-formed number the test provider does not know: the server's message, under the field.
    await field(page, "Name").fill("Ann Lee");
    await fillCheckout(page, "1234 5678 9012 3456");
    await payButton(page).click();
    await checkoutForm(page).getByRole("alert").getByText("Please check the fields marked below.").waitFor();
    await expect.poll(() => field(page, "Card number").getAttribute("aria-invalid")).toBe("true");
    await checkoutForm(page).getByText("This card number is not valid in test mode.").waitFor();
    expect(await ordersOf(page)).toEqual([]);
    await shopper.context.close();
  });

  it("lets an admin filter by status and cancel only through the confirmation dialog", async () => {
    const shopper = await shopperWithCart([1]);
    const line = await shopper.lineOf(0);
    await openCheckout(shopper.page, [line._id]);
    await fillCheckout(shopper.page, SUCCEEDS);
    await payButton(shopper.page).click();
    await shopper.page.getByTestId("order-number").waitFor();
    const [order] = await ordersOf(shopper.page);

    const { context, page } = await openAsAdmin(browser);
    await page.goto("/dashboard/allorders");
    await orderRow(page, order!.number).waitFor();
    await page.getByLabel("Status").selectOption("shipped");
    await page.waitForURL("**/dashboard/allorders?status=shipped");
    await expect.poll(() => orderRow(page, order!.number).count()).toBe(0);
    await page.getByLabel("Status").selectOption("paid");
    const row = orderRow(page, order!.number);
    await row.waitFor();

    const cancel = row.getByRole("button", { name: `Cancel order (Order #${order!.number})` });
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: `Cancel order #${order!.number}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await ordersOf(shopper.page))[0]!.status).toBe("paid");

    await cancel.click();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await toast(page, `Order #${order!.number} cancelled`).waitFor();
    // Cancelled orders leave the 'paid' filter.
    await expect.poll(() => orderRow(page, order!.number).count()).toBe(0);
    expect((await ordersOf(shopper.page))[0]!.status).toBe("cancelled");
    await context.close();

    // A shopper cannot open All Orders.
    await shopper.page.goto("/dashboard/allorders");
    await shopper.page.getByRole("heading", { name: "You are not authorized to view this page" }).waitFor();
    await shopper.context.close();
  });

  it("looks right at 375px: checkout, confirmation, My Orders and All Orders", async () => {
    const shopper = await shopperWithCart([1, 2], { viewport: VIEWPORTS.mobile });
    const { page } = shopper;
    const line = await shopper.lineOf(1);
    await openCheckout(page, [line._id]);
    await fillCheckout(page, SUCCEEDS);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await loadLazyImages(page);
    await screenshot(page, "orders-checkout-375");
    await payButton(page).click();
    await page.getByTestId("order-number").waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, "orders-confirmation-375");

    await page.goto("/dashboard/orders");
    await expectCount(orderRows(page), 1);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "orders-my-orders-375");
    await shopper.context.close();

    const admin = await openAsAdmin(browser, { viewport: VIEWPORTS.mobile });
    await admin.page.goto("/dashboard/allorders");
    await orderRows(admin.page).first().waitFor();
    await expectNoSidewaysScroll(admin.page);
    await expectNoAxeViolations(admin.page, { include: "main", wcagOnly: true });
    await screenshot(admin.page, "orders-all-orders-375");
    await admin.context.close();
  });

  it("shows an empty My Orders with a way to the products", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/dashboard/orders");
    await page.getByText("You have no orders yet").waitFor();
    expect(
      await page.getByRole("main").getByRole("link", { name: "Browse products" }).getAttribute("href"),
    ).toBe("/products");
    await context.close();
  });
});
