import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { newAccount } from "../support/accounts";
import { VERIFICATION_SUBJECT, waitForMail } from "../support/mail";
import { expectNoAxeViolations } from "../support/page-checks";
import { copyShopTemplate, freePort, startShop, type ShopProcess } from "../support/server-process";

/**
 * GUEST_CHECKOUT=true (with PUBLIC_CATALOGUE) on a shop of its own: a guest adds a size, chooses
 * Express shipping, checks out with an address, opens the mailed link in a fresh browser (another browser without it sees
 * nothing), then registers with that address, confirms it and finds the order in My Orders.
 */
let shop: ShopProcess;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-guest-"));
  await copyShopTemplate(dataDir);
  const port = await freePort();
  shop = await startShop({
    DATA_DIR: dataDir,
    PUBLIC_CATALOGUE: "true",
    GUEST_CHECKOUT: "true",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function freshContext(width: keyof typeof VIEWPORTS): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS[width], baseURL: shop.baseUrl });
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
  return context;
}

describe.each(["mobile", "desktop"] as const)("a guest at %s width", (width) => {
  it("buys a size without an account, opens the mailed link elsewhere, then claims the order by registering", async () => {
    const account = newAccount(`guest-${width}`);
    const guest = await freshContext(width);
    const page = await guest.newPage();
    await page.goto("/shoes?inStock=1");
    const card = page.locator("article").first();
    const name = await card.getByRole("heading").innerText();
    await card.getByRole("link", { name, exact: true }).click();
    await page.waitForURL(/\/aboutproduct\//);
    await page
      .getByRole("group", { name: /^Size/ })
      .locator("label")
      .filter({ has: page.getByRole("radio", { disabled: false }) })
      .first()
      .click();
    await page.getByRole("button", { name: "Add to shopping bag" }).click();
    await page.locator(".Toastify__toast", { hasText: "Item added to the cart" }).waitFor();

    await page.goto("/cart");
    const form = page.getByRole("form", { name: "Guest checkout" });
    await form.waitFor();
    await expect.poll(() => page.getByTestId("guest-line-options").first().innerText()).toMatch(/Size/);
    // The bag's figures come from the server, as checkout will charge them.
    await expect.poll(() => page.getByTestId("guest-total").innerText()).toMatch(/\$\s?\d/);
    // The account checkout's shipping methods, each with its cost; the choice changes the total.
    const shipping = page.getByRole("group", { name: "Shipping" });
    await shipping.getByRole("radio", { name: /^Standard/ }).waitFor();
    expect(await shipping.getByRole("radio", { name: /^Standard/ }).isChecked()).toBe(true);
    const shippingRow = page.locator("dt", { hasText: /^Shipping/ });
    await expect.poll(() => shippingRow.innerText()).toBe("Shipping (Standard)");
    const standardTotal = await page.getByTestId("guest-total").innerText();
    await shipping.getByRole("radio", { name: /^Express/ }).check();
    await expect.poll(() => shippingRow.innerText()).toBe("Shipping (Express)");
    await expect.poll(() => page.getByTestId("money-shipping").innerText()).toMatch(/14\.99/);
    await expect.poll(() => page.getByTestId("guest-total").innerText()).not.toBe(standardTotal);
    await expectNoAxeViolations(page, { seriousOnly: true });
    await screenshot(page, `guest-bag-shipping-${width}`);
    const fill = (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
    await fill("E-mail address", account.email);
    await fill("Full name", "Gia Guest");
    await fill("Address", "7 Lantern Lane");
    await fill("City", "Dhaka");
    await fill("Phone", "+8801712345678");
    await fill("Card number", "4242 4242 4242 4242");
    await fill("Expiry (MM/YY)", "12/39");
    await fill("CVC", "123");
    await form.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    const number = Number(
      /#(\d+)/.exec(await page.getByRole("status").filter({ hasText: "is placed" }).innerText())![1],
    );
    await guest.close();

    const mail = await waitForMail(account.email, /^Your order #\d+ is confirmed/, () => shop.output());
    expect(mail.link).toMatch(/\/order-link#[A-Za-z0-9_-]{43}$/);

    // A fresh browser with the link sees the order.
    const elsewhere = await freshContext(width);
    const linked = await elsewhere.newPage();
    await linked.goto(mail.link);
    await linked.getByRole("heading", { level: 1, name: `Order #${number}` }).waitFor();
    await linked.getByText(name).first().waitFor();
    // Charged with the method chosen in the bag.
    await linked.getByText("Shipping (Express)").first().waitFor();
    await expectNoAxeViolations(linked, { seriousOnly: true });
    await elsewhere.close();

    // Another browser without the link (or with a made-up one) sees nothing of it.
    const stranger = await freshContext(width);
    const nothing = await stranger.newPage();
    await nothing.goto("/order-link");
    await nothing.getByRole("heading", { name: "Find my order" }).waitFor();
    await nothing.goto(`/order-link#${"A".repeat(43)}`);
    await nothing.getByText("This order link is not valid any more").waitFor();
    expect(await nothing.getByText(`Order #${number}`).count()).toBe(0);
    await expectNoAxeViolations(nothing, { seriousOnly: true });
    await stranger.close();

    // Registering with the address and confirming it brings the order into My Orders.
    const member = await freshContext(width);
    const own = await member.newPage();
    await own.goto("/register");
    const register = own.getByRole("form", { name: "Register" });
    await register.getByLabel("Name", { exact: true }).fill(account.name);
    await register.getByLabel("Email", { exact: true }).fill(account.email);
    await register.getByLabel("Password", { exact: true }).fill(account.password);
    await register.getByRole("button", { name: "Register" }).click();
    await own.waitForURL((url) => url.pathname === "/");
    await own.goto("/dashboard/orders");
    await own.getByRole("heading", { name: "My Orders" }).first().waitFor();
    expect(await own.getByText(`Order #${number}`).count()).toBe(0);
    const verification = await waitForMail(account.email, VERIFICATION_SUBJECT, () => shop.output());
    const verified = await own.request.get(verification.link, { maxRedirects: 0 });
    expect(verified.status()).toBeLessThan(400);
    await own.goto("/dashboard/orders");
    await own.getByText(`Order #${number}`).first().waitFor();
    await expectNoAxeViolations(own, { seriousOnly: true });
    await member.close();
  }, 120_000);
});
