import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../../server/test/support/smtp-sink";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { startE2eShop } from "../support/global-setup";
import { mirrorSmtpIntoMailLog } from "../support/mail";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { shopUrl, useOwnShop } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";

/**
 * Issue 40 in Chromium: the admin sends one order in two parcels (DHL, then UPS), the shopper's
 * mails (a real SMTP server here) and order page show both tracking links; the invoice and the
 * packing slip download as PDFs; All Orders finds the order by the buyer's name. 375 and 1280 px,
 * axe on each page.
 */

let browser: Browser;
let smtp: SmtpSink;
let ownShop: Awaited<ReturnType<typeof startE2eShop>> | undefined;
let mailMirror: { stop: () => void } | undefined;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ownShop = await startE2eShop(undefined, { SMTP_URL: smtp.url });
  const mirror = await mirrorSmtpIntoMailLog(smtp, ownShop.baseUrl);
  mailMirror = mirror;
  useOwnShop({ baseUrl: ownShop.baseUrl, logFile: mirror.logFile });
  browser = await launchBrowser();
});
afterAll(async () => {
  mailMirror?.stop();
  await browser?.close();
  await ownShop?.stop();
  await smtp?.close();
});

type Product = { _id: string; price: number; stock: number };
type Variant = { _id: string; stock: number };

/** Buys one unit of each of two demo products through the API; answers the order. */
async function placeOrder(page: Page, deliveryName: string) {
  const origin = { Origin: shopUrl() };
  const products = ((await (await page.request.get("/api/products?limit=48")).json()) as Product[])
    .filter((product) => product.stock >= 5)
    .slice(0, 2);
  for (const product of products) {
    const detail = (await (await page.request.get(`/api/productdetail/${product._id}`)).json()) as {
      variants: Variant[];
    };
    const variant = detail.variants.find((candidate) => candidate.stock >= 1)!;
    const put = await page.request.put(`/api/cart/${product._id}`, {
      data: { quantity: 1, variantId: variant._id },
      headers: origin,
    });
    expect(put.status()).toBe(200);
  }
  const email = (await (await page.request.get("/api/auth/get-session")).json()).user.email as string;
  const cart = (await (await page.request.get(`/api/carts/${email}`)).json()) as { _id: string }[];
  const response = await page.request.post("/api/orders", {
    headers: { ...origin, "idempotency-key": randomUUID() },
    data: {
      lineIds: cart.map((line) => line._id),
      delivery: { name: deliveryName, address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" },
      card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string; number: number; lines: { _id: string }[] };
}

async function sendParcel(page: Page, carrier: string, trackingNumber: string, skipLastLine: boolean) {
  const form = page.getByRole("form", { name: "Send a parcel" });
  await form.getByRole("combobox", { name: "Carrier" }).fill(carrier);
  await form.getByRole("textbox", { name: "Tracking number" }).fill(trackingNumber);
  if (skipLastLine)
    await form
      .getByRole("textbox", { name: /left\)$/ })
      .last()
      .fill("0");
  await form.getByRole("button", { name: "Send parcel" }).click();
}

describe.each([
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const)("fulfilment at %s px", (width, viewport) => {
  it("two parcels with both tracking links in the mail and on the order page; invoice, slip, search", async () => {
    const admin = await openAsAdmin(browser, { viewport });
    const shopper = await openAsShopper(browser, { viewport });
    const buyer = `Nusrat Parcel${width}`;
    const order = await placeOrder(shopper.page, buyer);

    // The admin sends the first line with DHL, then the rest with UPS.
    const { page } = admin;
    await page.goto(`/dashboard/orders/${order._id}`);
    const parcels = page.getByRole("region", { name: "Parcels" });
    await parcels.getByRole("form", { name: "Send a parcel" }).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await sendParcel(page, "DHL", `JD0146${width}01`, true);
    await parcels.getByRole("link", { name: "Track parcel 1 with DHL" }).waitFor();
    await sendParcel(page, "UPS", `1Z999AA1${width}02`, false);
    await parcels.getByRole("link", { name: "Track parcel 2 with UPS" }).waitFor();
    await expect.poll(() => parcels.getByRole("form", { name: "Send a parcel" }).count()).toBe(0);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await expectNoSidewaysScroll(page);
    await screenshot(page, `fulfilment-admin-order-${width}`);

    // Both links reach the shopper by mail.
    await smtp.waitFor(
      () =>
        smtp.to(shopper.email).filter((mail) => (mail.subject ?? "").includes(`order #${order.number} is on`))
          .length === 2,
    );
    const last = smtp
      .to(shopper.email)
      .find((mail) => mail.subject === `Your order #${order.number} is on its way`)!;
    const dhl = `https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146${width}01`;
    const ups = `https://www.ups.com/track?tracknum=1Z999AA1${width}02`;
    expect(last.text).toContain(dhl);
    expect(last.text).toContain(ups);
    expect(String(last.html)).toContain(`href="${ups}"`);

    // …and on the shopper's order page.
    await shopper.page.goto(`/dashboard/orders/${order._id}`);
    const mine = shopper.page.getByRole("region", { name: "Parcels" });
    expect(await mine.getByRole("link", { name: "Track parcel 1 with DHL" }).getAttribute("href")).toBe(dhl);
    expect(await mine.getByRole("link", { name: "Track parcel 2 with UPS" }).getAttribute("href")).toBe(ups);
    await expectNoAxeViolations(shopper.page, { include: "main", wcagOnly: true });
    await screenshot(shopper.page, `fulfilment-shopper-order-${width}`);

    // The invoice downloads for the shopper, the packing slip for the admin.
    const [invoice] = await Promise.all([
      shopper.page.waitForEvent("download"),
      shopper.page.getByRole("button", { name: /^Download invoice INV-\d{6} \(PDF\)$/ }).click(),
    ]);
    expect(invoice.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    expect((await readFile((await invoice.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
    const [slip] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Packing slip (PDF)" }).click(),
    ]);
    expect(slip.suggestedFilename()).toBe(`packing-slip-${order.number}.pdf`);
    expect((await readFile((await slip.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

    // All Orders finds it by the buyer's name.
    await page.goto("/dashboard/allorders");
    await page.getByRole("searchbox", { name: "Search orders" }).fill(buyer.toLowerCase());
    await page.waitForURL(/q=nusrat/);
    await expect.poll(() => page.getByText(`#${order.number}`).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/^1 order$/).count()).toBe(1);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await expectNoSidewaysScroll(page);
    await screenshot(page, `fulfilment-all-orders-${width}`);
    // The listed orders export as CSV for accounting: the search's one order, a row of its own.
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export these orders (CSV)" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = (await readFile((await csv.path())!, "utf8")).trimEnd().split("\r\n");
    expect(header).toMatch(/^order_number,placed_at,status,/);
    expect(rows.map((row) => row.split(",")[0])).toEqual([String(order.number)]);

    await admin.context.close();
    await shopper.context.close();
  });
});
