import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from "../../server/test/support/stripe-stand-in";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { newAccount } from "../support/accounts";
import { startE2eShop } from "../support/global-setup";
import { waitForMail } from "../support/mail";
import { expectNoAxeViolations } from "../support/page-checks";
import { useOwnShop } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";

/**
 * Real money through Stripe Checkout, against the local Stripe stand-in (its API, its hosted
 * page and its signed webhooks): a shop of its own with PAYMENT_PROVIDER=stripe and a 12-second
 * hold, so an abandoned payment gives its stock back within the test; guest checkout is on, so
 * a guest pays there too.
 */
const HOLD_SECONDS = 12;

let browser: Browser;
let standIn: StripeStandIn;
let shop: Awaited<ReturnType<typeof startE2eShop>>;
const paidOrders: { orderId: string; paymentIntent: string }[] = [];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  shop = await startE2eShop(undefined, {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
    PAYMENT_HOLD_MINUTES: String(HOLD_SECONDS / 60),
    // Guests pay through Stripe too (decision 042).
    PUBLIC_CATALOGUE: "true",
    GUEST_CHECKOUT: "true",
  });
  useOwnShop(shop);
  standIn.webhookTarget = `${shop.baseUrl}/api/payments/stripe/webhook`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await standIn?.close();
});

type Detail = { _id: string; variants: { _id: string; stock: number }[] };

let nextProduct = 0;

/** Puts 2 of a product in stock (a different one each time) in the shopper's bag; answers its variant. */
async function fillBag(page: Page) {
  const products = (await (await page.request.get("/api/products?limit=48")).json()) as Detail[];
  const productId = products[nextProduct++ % products.length]!._id;
  const detail = (await (await page.request.get(`/api/productdetail/${productId}`)).json()) as Detail;
  const variant = detail.variants.find((candidate) => candidate.stock >= 5)!;
  const added = await page.request.put(`/api/cart/${productId}`, {
    data: { quantity: 2, variantId: variant._id },
    headers: { Origin: shop.baseUrl },
  });
  expect(added.status()).toBe(200);
  return { productId, variantId: variant._id, stockBefore: variant.stock };
}

async function stockOf(page: Page, item: { productId: string; variantId: string }) {
  const detail = (await (await page.request.get(`/api/productdetail/${item.productId}`)).json()) as Detail;
  return detail.variants.find((variant) => variant._id === item.variantId)!.stock;
}

/** Checkout with the delivery address, then on to the stand-in's hosted page. */
async function continueToStripe(page: Page, name: string) {
  await page.goto("/checkout");
  const form = page.getByRole("form", { name: "Checkout" });
  const pay = form.getByRole("button", { name: /^Pay with Stripe: \$/ });
  await pay.waitFor();
  expect(await form.getByLabel("Card number", { exact: false }).count()).toBe(0);
  await form.getByText(/your card details go to Stripe and never to this shop/).waitFor();
  await form.getByLabel("Address", { exact: true }).fill("12 Harbour Road");
  await form.getByLabel("City", { exact: true }).fill("Dhaka");
  await form.getByLabel("Phone No.", { exact: true }).fill("+8801711000000");
  await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
  await screenshot(page, `stripe-checkout-${name}`);
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
    pay.click(),
  ]);
  expect(created.status()).toBe(201);
  await page.waitForURL(`${standIn.url}/pay/**`);
  // The answer's body is gone with the navigation: the order is the one the session names.
  const session = standIn.sessions.get(new URL(page.url()).pathname.split("/").pop()!)!;
  const order = (await (
    await page.request.get(`${shop.baseUrl}/api/orders/${session.client_reference_id}`)
  ).json()) as {
    _id: string;
    status: string;
    total: number;
  };
  expect(order.status).toBe("awaiting_payment");
  expect(session.amount_total).toBe(Math.round(order.total * 100));
  await page.getByTestId("stand-in-amount").waitFor();
  expect(await page.getByTestId("stand-in-amount").innerText()).toBe(`${order.total.toFixed(2)} USD`);
  return order;
}

describe("paying through Stripe Checkout", () => {
  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ])(
    "at %s px: bag → checkout → Stripe's page → back, confirming, then the paid order and its mail",
    async (name, viewport) => {
      const { page, email } = await openAsShopper(browser, { viewport });
      const item = await fillBag(page);
      const order = await continueToStripe(page, name);
      expect(await stockOf(page, item)).toBe(item.stockBefore - 2);

      // Stripe's event comes a moment after the shopper is back (8 s: time for the return page and its
      // texts' catalogue to load on a busy machine): the return page says so, then moves on.
      standIn.webhookDelayMs = 8_000;
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByRole("heading", { name: "Confirming your payment…" }).waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
      await screenshot(page, `stripe-confirming-${name}`);
      await page.waitForURL(`**/checkout/confirmation/${order._id}`, { timeout: 20_000 });
      standIn.webhookDelayMs = 0;

      const mail = await waitForMail(email, /^Your order #\d+ is confirmed/);
      expect(mail.to).toBe(email.toLowerCase());
      const paid = (await (await page.request.get(`/api/orders/${order._id}`)).json()) as {
        status: string;
        payment: { reference: string; status: string };
      };
      expect(paid.status).toBe("paid");
      expect(paid.payment.reference).toMatch(/^pi_/);
      expect(await stockOf(page, item)).toBe(item.stockBefore - 2);
      paidOrders.push({ orderId: order._id, paymentIntent: paid.payment.reference });
      await page.context().close();
    },
  );

  it("a declined payment then Cancel, and an abandoned one, leave no paid order; the stock comes back", async () => {
    // Declined on Stripe's page, then Cancel: back to checkout at once, the items in the bag again.
    const declined = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    const declinedItem = await fillBag(declined.page);
    await continueToStripe(declined.page, "declined-375");
    await declined.page.getByRole("button", { name: "Pay with a declined card" }).click();
    await declined.page.getByText("Your card was declined. Try another card.").waitFor();
    await declined.page.getByRole("button", { name: "Cancel and go back" }).click();
    await declined.page.waitForURL("**/checkout?payment=cancelled");
    await declined.page.getByText(/You cancelled the payment, so nothing was charged/).waitFor();
    await declined.page.getByRole("button", { name: /^Pay with Stripe: \$/ }).waitFor();
    await expectNoAxeViolations(declined.page, { include: "main", wcagOnly: true });
    await screenshot(declined.page, "stripe-cancelled-375");
    expect(await stockOf(declined.page, declinedItem)).toBe(declinedItem.stockBefore);

    // Abandoned: the tab closes on Stripe's page; the hold runs out and the sweeper gives the stock back.
    const abandoned = await openAsShopper(browser, { viewport: VIEWPORTS.desktop });
    const abandonedItem = await fillBag(abandoned.page);
    const order = await continueToStripe(abandoned.page, "abandoned-1280");
    expect(await stockOf(abandoned.page, abandonedItem)).toBe(abandonedItem.stockBefore - 2);
    const checker = await abandoned.context.newPage();
    await abandoned.page.close();
    await expect
      .poll(() => stockOf(checker, abandonedItem), { timeout: (HOLD_SECONDS + 20) * 1000, interval: 1000 })
      .toBe(abandonedItem.stockBefore);

    for (const request of [declined.page.request, checker.request]) {
      const orders = (await (await request.get("/api/orders")).json()) as { status: string }[];
      expect(orders.map((entry) => entry.status)).toEqual(["cancelled"]);
    }
    const expired = (await (await checker.request.get(`/api/orders/${order._id}`)).json()) as {
      payment: { status: string };
    };
    expect(expired.payment.status).toBe("expired");
    await declined.context.close();
    await abandoned.context.close();
  }, 90_000);

  it("the admin sees the payment, and a refund clicked twice reaches Stripe once", async () => {
    const { orderId, paymentIntent } = paidOrders[0]!;
    const { page, context } = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    await page.goto(`/dashboard/orders/${orderId}`);
    const payment = page.getByRole("region", { name: "Payment", exact: true });
    await payment.getByText(paymentIntent).waitFor();
    expect(await payment.getByTestId("payment-status").innerText()).toBe("Paid");
    expect(
      await payment.getByRole("link", { name: "Open in the Stripe dashboard" }).getAttribute("href"),
    ).toBe(`https://dashboard.stripe.com/test/payments/${paymentIntent}`);
    const refund = page.getByRole("form", { name: "Refund part of the payment" });
    await refund.getByLabel("Amount (US$)", { exact: false }).fill("1.50");
    await refund.getByRole("button", { name: "Refund" }).dblclick();
    await page.getByText("Refunded $ 1.50").first().waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "stripe-admin-order-1280");
    await expect
      .poll(() => standIn.refunds.filter((entry) => entry.payment_intent === paymentIntent).length)
      .toBe(1);
    expect(standIn.refunds.find((entry) => entry.payment_intent === paymentIntent)!.amount).toBe(150);

    // The orders whose payment needs a look: awaiting or flagged (none is awaiting now).
    await page.goto("/dashboard/allorders?payment=attention");
    await page.getByText("0 orders", { exact: true }).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await context.close();
  });
});

describe("a guest paying through Stripe Checkout", () => {
  /** A browser without an account, its bag holding 2 of a product in stock; answers the variant. */
  async function guestWithBag(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
    const context = await browser.newContext({ viewport, baseURL: shop.baseUrl, reducedMotion: "reduce" });
    await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
    const page = await context.newPage();
    const products = (await (await page.request.get("/api/products?limit=48")).json()) as Detail[];
    const productId = products[nextProduct++ % products.length]!._id;
    const detail = (await (await page.request.get(`/api/productdetail/${productId}`)).json()) as Detail;
    const variant = detail.variants.find((candidate) => candidate.stock >= 5)!;
    // page.request shares the browser's cookies: the bag's cookie is the page's.
    const added = await page.request.put(`/api/guest-bag/${productId}`, {
      data: { quantity: 2, variantId: variant._id },
      headers: { Origin: shop.baseUrl },
    });
    expect(added.status()).toBe(200);
    return { context, page, item: { productId, variantId: variant._id, stockBefore: variant.stock } };
  }

  /** The guest checkout with an address (no card: Stripe takes it), then on to the stand-in's page. */
  async function guestToStripe(page: Page, email: string) {
    await page.goto("/cart");
    const form = page.getByRole("form", { name: "Guest checkout" });
    await form.waitFor();
    // The card field goes once the shop says it pays through Stripe (its config arrives after the form).
    await expect.poll(() => form.getByLabel("Card number", { exact: false }).count()).toBe(0);
    const fill = (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
    await fill("E-mail address", email);
    await fill("Full name", "Gia Guest");
    await fill("Address", "7 Lantern Lane");
    await fill("City", "Dhaka");
    await fill("Phone", "+8801712345678");
    await form.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(`${standIn.url}/pay/**`);
    return standIn.sessions.get(new URL(page.url()).pathname.split("/").pop()!)!;
  }

  it.each([
    ["375", VIEWPORTS.mobile],
    ["1280", VIEWPORTS.desktop],
  ])(
    "at %s px: bag → Stripe's page → back to the bag's page, confirming, then the paid order and its link by mail",
    async (name, viewport) => {
      const { context, page, item } = await guestWithBag(viewport);
      const email = newAccount(`stripe-guest-${name}`).email;
      const session = await guestToStripe(page, email);
      expect(session.success_url).toBe(`${shop.baseUrl}/cart?order=${session.client_reference_id}`);
      expect(await stockOf(page, item)).toBe(item.stockBefore - 2);

      // Long enough for the return page to show its confirming state on a busy machine: it loads
      // its chunk and its texts' catalogue first (2.5 s was too short once at 375 px in a loaded run).
      standIn.webhookDelayMs = 8_000;
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL(`**/cart?order=${session.client_reference_id}`);
      await page.getByRole("heading", { name: "Confirming your payment…" }).waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
      await screenshot(page, `stripe-guest-confirming-${name}`);
      await page.getByRole("heading", { name: "Thank you for your order" }).waitFor({ timeout: 20_000 });
      standIn.webhookDelayMs = 0;
      const status = await page.getByRole("status").filter({ hasText: "is paid" }).innerText();
      const number = Number(/#(\d+)/.exec(status)![1]);
      expect(status).toContain(email.toLowerCase());
      await page.getByRole("region", { name: "Products" }).waitFor();
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
      await screenshot(page, `stripe-guest-paid-${name}`);

      const mail = await waitForMail(email, new RegExp(`^Your order #${number} is confirmed`));
      expect(mail.link).toMatch(/\/order-link#[A-Za-z0-9_-]{43}$/);
      // Another browser (no bag cookie) gets nothing at the return address.
      const stranger = await browser.newContext({ viewport, baseURL: shop.baseUrl });
      const elsewhere = await stranger.newPage();
      await elsewhere.goto(`/cart?order=${session.client_reference_id}`);
      await elsewhere.getByText("We cannot show this order in this browser.").waitFor();
      expect(await elsewhere.getByText(`#${number}`).count()).toBe(0);
      await expectNoAxeViolations(elsewhere, { include: "main", wcagOnly: true });
      await stranger.close();
      await context.close();
    },
  );

  it("Cancel on Stripe's page returns the guest to the bag, the items back in it and the stock given back", async () => {
    const { context, page, item } = await guestWithBag(VIEWPORTS.mobile);
    await guestToStripe(page, newAccount("stripe-guest-cancel").email);
    expect(await stockOf(page, item)).toBe(item.stockBefore - 2);
    await page.getByRole("button", { name: "Cancel and go back" }).click();
    await page.waitForURL("**/cart?payment=cancelled");
    await page.getByText(/You cancelled the payment, so nothing was charged/).waitFor();
    await page.getByRole("form", { name: "Guest checkout" }).waitFor();
    const bag = (await (await page.request.get("/api/guest-bag")).json()) as {
      lines: { variantId: string }[];
    };
    expect(bag.lines.map((line) => line.variantId)).toEqual([item.variantId]);
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "stripe-guest-cancelled-375");
    expect(await stockOf(page, item)).toBe(item.stockBefore);
    await context.close();
  });
});
