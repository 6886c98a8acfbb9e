import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { shopUrl } from "../support/shop-url";
import { expectNoAxeViolations } from "../support/page-checks";

type Product = { _id: string; productname: string; price: number; stock: number };
type Money = { subtotal: number; discount: number; shipping: number; tax: number; total: number };
type Order = { _id: string; number: number; total: number; money: Money & { refunded: number } };

let browser: Browser;
let product: Product;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await openAsShopper(browser);
  const all = (await (await page.request.get("/api/products?limit=48")).json()) as Product[];
  // A product under $50 (clothing, so in sizes): Standard would cost $4.99, so the choice of
  // Express shows.
  product = all
    .filter((candidate) => candidate.stock >= 10 && candidate.price < 50)
    .sort((a, b) => b.stock - a.stock)[0]!;
  await context.close();
});
afterAll(() => browser.close());

const money = (amount: number) =>
  `$ ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const figure = (page: Page, name: string) => page.getByTestId(name).first().innerText();

describe("checkout money", () => {
  // One journey through eight pages with four axe scans: 11 s on a quiet machine, past the
  // default 60 s on a loaded CI machine.
  it("applies WELCOME10, ships Express, pays, shows the same figures everywhere, and refunds a return", async () => {
    const shopper = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    const { page } = shopper;
    const origin = { Origin: shopUrl() };
    const detail = (await (await page.request.get(`/api/productdetail/${product._id}`)).json()) as {
      variants: { _id: string; stock: number; price: number }[];
    };
    // A size in stock at the product's "From" price, so the figures below hold.
    const variant = detail.variants.find(
      (candidate) => candidate.stock >= 1 && candidate.price === product.price,
    )!;
    expect(
      (
        await page.request.put(`/api/cart/${product._id}`, {
          data: { quantity: 1, variantId: variant._id },
          headers: origin,
        })
      ).status(),
    ).toBe(200);

    // The bag prices the cart as checkout will: the preselected Standard shipping, tax included.
    await page.goto("/cart");
    const bag = page.getByRole("region", { name: "Summary" });
    await expect.poll(() => figure(page, "money-shipping")).toBe(money(4.99));
    expect(await figure(page, "cart-total")).toBe(money(Math.round((product.price + 4.99) * 100) / 100));

    // The code is entered in the bag. One that does not exist: the server says so.
    const code = bag.getByRole("textbox", { name: "Discount code" });
    await code.fill("NOPE123");
    await bag.getByRole("button", { name: "Apply" }).click();
    await bag.getByText("This code is not valid.").waitFor();
    await code.fill("welcome10");
    await bag.getByRole("button", { name: "Apply" }).click();
    await bag.getByText("WELCOME10 applied.").waitFor();
    const discount = Math.round(product.price * 10) / 100;
    await expect.poll(() => figure(page, "money-discount")).toBe(`−${money(discount)}`);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "checkout-money-bag-375");

    // Checkout applies the same code; the shopper picks Express there.
    await bag.getByRole("link", { name: "Checkout" }).click();
    const form = page.getByRole("form", { name: "Checkout" });
    await form.getByRole("button", { name: /^Pay \$/ }).waitFor();
    await page.getByText("WELCOME10 applied.").waitFor();
    expect(await figure(page, "money-discount")).toBe(`−${money(discount)}`);
    await page.getByRole("radio", { name: /Express/ }).check();
    const total = Math.round((product.price - discount + 14.99) * 100) / 100;
    await expect.poll(() => figure(page, "checkout-total")).toBe(money(total));
    expect(await figure(page, "money-discount")).toBe(`−${money(discount)}`);
    expect(await figure(page, "money-shipping")).toBe(money(14.99));
    // 10 % included in the demo prices: shown, not added.
    expect(await page.getByTestId("money-tax").count()).toBe(1);

    await form.getByLabel("Address", { exact: true }).fill("12 Harbour Road");
    await form.getByLabel("City", { exact: true }).fill("Dhaka");
    await form.getByLabel("Phone No.", { exact: true }).fill("+8801711000000");
    await form.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry date", { exact: true }).fill("12/39");
    await form.getByLabel("CVC", { exact: true }).fill("123");
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "checkout-money-375");
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
      form.getByRole("button", { name: `Pay ${money(total)}` }).click(),
    ]);
    expect(created.status()).toBe(201);
    const order = (await created.json()) as Order;
    expect(order.money).toMatchObject({ discount, shipping: 14.99, total });

    // The confirmation, My Orders' order page and the mail show the same figures.
    await page.waitForURL(`**/checkout/confirmation/${order._id}`);
    expect(await figure(page, "order-total")).toBe(money(total));
    expect(await figure(page, "money-discount")).toBe(`−${money(discount)}`);
    await page.goto(`/dashboard/orders/${order._id}`);
    await page.getByRole("heading", { name: `Order #${order.number}`, level: 2 }).waitFor();
    expect(await figure(page, "order-total")).toBe(money(total));
    expect(await figure(page, "money-shipping")).toBe(money(14.99));

    const admin = await openAsAdmin(browser);
    const mails = (await (await admin.page.request.get("/api/admin/mails?limit=50")).json()) as {
      _id: string;
      recipient: string;
      kind: string;
    }[];
    const mail = mails.find(
      (entry) => entry.recipient === shopper.email && entry.kind === "order-confirmation",
    )!;
    const { text } = (await (await admin.page.request.get(`/api/admin/mails/${mail._id}`)).json()) as {
      text: string;
    };
    expect(text).toContain("Shipping (Express): $14.99");
    expect(text).toContain(`Discount (WELCOME10): −$${discount.toFixed(2)}`);
    expect(text).toContain(`Total: $${total.toFixed(2)}`);

    // Delivered; the shopper asks to return it.
    for (const status of ["shipped", "delivered"]) {
      const moved = await admin.page.request.patch(`/api/admin/orders/${order._id}`, {
        data: { status },
        headers: origin,
      });
      expect(moved.status()).toBe(200);
    }
    await page.reload();
    const returns = page.getByRole("region", { name: "Returns" });
    await returns.getByRole("checkbox").check();
    await returns.getByLabel("Reason").fill("Too small");
    await returns.getByRole("button", { name: "Request return" }).click();
    await returns.getByText(/^Requested/).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "order-return-375");

    // The admin approves, receives with restock and refunds on the order page.
    await admin.page.goto(`/dashboard/orders/${order._id}`);
    const adminReturns = admin.page.getByRole("region", { name: "Returns" });
    await adminReturns.getByRole("button", { name: "Approve return" }).click();
    await adminReturns.getByRole("button", { name: "Mark received and restock" }).click();
    await adminReturns.getByRole("button", { name: "Refund return" }).click();
    await adminReturns.getByText(/^Refunded/).waitFor();
    const goodsPaid = Math.round((product.price - discount) * 100) / 100;
    expect(await figure(admin.page, "order-refunded")).toBe(money(goodsPaid));

    // The shipping is left: the admin pays part of it back with the refund form, never more.
    const refundForm = admin.page.getByRole("form", { name: "Refund part of the payment" });
    await admin.page
      .getByRole("region", { name: "Refund" })
      .getByText(`Left to refund: ${money(14.99)}`)
      .waitFor();
    await refundForm.getByLabel("Amount (US$)").fill("20");
    await refundForm.getByRole("button", { name: "Refund" }).click();
    await refundForm.getByText(`At most ${money(14.99)} is left to refund`).waitFor();
    await refundForm.getByLabel("Amount (US$)").fill("10");
    await refundForm.getByLabel("Reason (shown on the order)").fill("Late delivery");
    await refundForm.getByRole("button", { name: "Refund" }).click();
    await admin.page
      .getByRole("list", { name: "Refunds" })
      .getByText(/Late delivery/)
      .waitFor();
    await expect.poll(() => figure(admin.page, "order-refunded")).toBe(money(goodsPaid + 10));
    await admin.page.getByText(`Left to refund: ${money(4.99)}`).waitFor();
    await expectNoAxeViolations(admin.page, { include: "main", wcagOnly: true });
    await screenshot(admin.page, "order-refunded-1280");

    const after = (await (await page.request.get(`/api/orders/${order._id}`)).json()) as Order;
    expect(after.money.refunded).toBe(Math.round((goodsPaid + 10) * 100) / 100);
    await admin.context.close();
    await shopper.context.close();
  }, 150_000);

  it("lets the admin see and set shipping, coupons with their use counts, and tax", async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const admin = await openAsAdmin(browser, { viewport });
      const { page } = admin;
      await page.goto("/dashboard/checkout-settings");
      await page.getByRole("heading", { name: "Checkout Settings", level: 1 }).waitFor();
      const shipping = page.getByRole("region", { name: "Shipping methods" });
      await shipping.getByText("Standard", { exact: true }).waitFor();
      await shipping.getByText("Express", { exact: true }).waitFor();
      const coupons = page.getByRole("region", { name: "Coupons" });
      await coupons.getByText("WELCOME10", { exact: true }).waitFor();
      await coupons
        .getByText(/used \d+/)
        .first()
        .waitFor();
      expect(await page.getByLabel("Tax rate (%)").inputValue()).toBe("10");
      if (viewport === VIEWPORTS.desktop) {
        const code = `SPRING${Date.now() % 100000}`;
        await coupons.getByLabel("Code").fill(code);
        await coupons.getByLabel("Value").fill("15");
        await coupons.getByLabel("Usage limit (optional)").fill("50");
        await coupons.getByRole("button", { name: "Add coupon" }).click();
        await coupons.getByText(code, { exact: true }).waitFor();
        await coupons.getByText(/15 % off · used 0 of 50/).waitFor();

        // Edited: 20 % for the last week of the year, then paused; the list shows it all.
        await coupons.getByRole("button", { name: `Edit ${code}` }).click();
        const editCoupon = page.getByRole("form", { name: `Edit ${code}` });
        expect(await editCoupon.getByLabel("Value").inputValue()).toBe("15");
        await editCoupon.getByLabel("Value").fill("20");
        await editCoupon.getByLabel("Starts on (optional)").fill("2030-12-24");
        await editCoupon.getByLabel("Ends on (optional)").fill("2030-12-31");
        await editCoupon.getByLabel("Can be used").uncheck();
        await editCoupon.getByRole("button", { name: "Save changes" }).click();
        await coupons
          .getByText(/20 % off · used 0 of 50 · from 2030-12-24 · until 2030-12-31 · inactive/)
          .waitFor();
        await page.getByRole("form", { name: "Add a coupon" }).waitFor();

        // A shipping method's price is edited in place; a bad price gets the server's reason.
        await shipping.getByRole("button", { name: "Edit Express" }).click();
        const editExpress = page.getByRole("form", { name: "Edit Express" });
        expect(await editExpress.getByLabel("Price ($)").inputValue()).toBe("14.99");
        await editExpress.getByLabel("Price ($)").fill("abc");
        await editExpress.getByRole("button", { name: "Save changes" }).click();
        await page
          .locator(".Toastify__toast")
          .filter({ hasText: /amount/i })
          .first()
          .waitFor();
        await editExpress.getByLabel("Price ($)").fill("14.99");
        await editExpress.getByLabel("Free from ($, optional)").fill("200");
        await editExpress.getByRole("button", { name: "Save changes" }).click();
        await shipping.getByText(/Express.*free from \$ 200\.00/).waitFor();
        // As it was, for the other tests on this shop.
        await shipping.getByRole("button", { name: "Edit Express" }).click();
        await page.getByRole("form", { name: "Edit Express" }).getByLabel("Free from ($, optional)").fill("");
        await page
          .getByRole("form", { name: "Edit Express" })
          .getByRole("button", { name: "Save changes" })
          .click();
        await expect.poll(() => shipping.getByText(/Express.*free from/).count()).toBe(0);
      }
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll("main *")]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName}.${element.className}`)
          .slice(0, 5),
      );
      expect(overflowing).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
      await screenshot(page, `checkout-settings-${viewport.width}`);
      await admin.context.close();
    }
  });
});
