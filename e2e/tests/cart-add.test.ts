import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUpThroughApi, TEST_PASSWORD } from "../support/accounts";
import { launchBrowser, newPage, screenshot, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import { productCards } from "../support/storefront";
import { shopUrl } from "../support/shop-url";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The top bar's cart link; its name carries the badge's number ("Cart, 4 items", "Cart, empty"). */
const cartLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Cart, / });

async function expectBadge(page: Page, label: string) {
  await expect.poll(() => cartLink(page).getAttribute("aria-label"), { timeout: 10_000 }).toBe(label);
  // The visible badge: the number, or nothing at all for an empty cart.
  const badge = cartLink(page).locator("span[aria-hidden='true']");
  if (label === "Cart, empty") expect(await badge.count()).toBe(0);
  else expect(await badge.innerText()).toBe(label.replace(/\D+/g, ""));
}

const toast = (page: Page, text: string) => page.locator(".Toastify__toast", { hasText: text });

/** The body of the next PUT /api/cart/… the page sends, and the status it gets. */
async function nextCartPut(page: Page, act: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes("/api/cart/")),
    act(),
  ]);
  return { body: response.request().postDataJSON() as Record<string, unknown>, status: response.status() };
}

describe("adding to the cart", () => {
  it("adds 1 from a product card and the chosen 3 from the product page; the badge shows 1, then 4", async () => {
    const { context, page, email } = await openAsShopper(browser);
    // Gadgets come in one variant: quick add adds them (a sized product's opens its choices).
    await page.goto("/gadget");
    const cards = productCards(page);
    await cards.first().waitFor();
    await expectBadge(page, "Cart, empty");

    const first = cards.nth(0);
    const firstName = (await first.getByRole("heading").innerText()).trim();
    const quick = await nextCartPut(page, () => first.getByRole("button", { name: /^Add to bag/ }).click());
    expect(quick.status).toBe(200);
    // SPEC's payload; quick add sends the quantity as the string '1'.
    expect(quick.body).toMatchObject({ name: firstName, email, quantity: "1" });
    await toast(page, "Item added to the cart").first().waitFor();
    await expectBadge(page, "Cart, 1 item");

    const second = cards.nth(1);
    const secondName = (await second.getByRole("heading").innerText()).trim();
    await second.getByRole("link", { name: /^Quick View/ }).click();
    await page.getByRole("heading", { name: secondName, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    expect(await page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).toBe("3");
    const detail = await nextCartPut(page, () =>
      page.getByRole("button", { name: "Add to shopping bag" }).click(),
    );
    expect(detail.body).toMatchObject({ name: secondName, email, quantity: 3 });
    await expectBadge(page, "Cart, 4 items");

    // The cart holds both lines, the newest first.
    await cartLink(page).click();
    const rows = page.getByRole("table").getByRole("row");
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).getByRole("rowheader").innerText()).toBe(secondName);
    expect(await rows.nth(1).getByRole("cell").nth(1).locator("output").innerText()).toBe("3");
    expect(await rows.nth(2).getByRole("rowheader").innerText()).toBe(firstName);
    expect(await rows.nth(2).getByRole("cell").nth(1).locator("output").innerText()).toBe("1");
    await context.close();
  });

  it("raises the quantity of the same product from the home page's card buttons", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/");
    const card = page
      .getByRole("region", { name: "Best Seller Products" })
      .getByRole("article")
      // A gadget: one variant, so its cart button adds (a sized product's opens its choices).
      .filter({ hasText: "Gadgets" })
      .first();
    const name = (await card.getByRole("heading").innerText()).trim();
    const button = card.getByRole("button", { name: `Add ${name} to bag` });

    await button.click();
    await expectBadge(page, "Cart, 1 item");
    await button.click();
    await expectBadge(page, "Cart, 2 items");

    await page.goto("/cart");
    const rows = page.getByRole("table").getByRole("row");
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getByRole("cell").nth(1).locator("output").innerText()).toBe("2");
    await context.close();
  });

  it("signed out: the request is sent, and 'Please Log in First' shows instead of the success message", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    const card = page
      .getByRole("region", { name: "Best Seller Products" })
      .getByRole("article")
      // A gadget: one variant, so its cart button adds (a sized product's opens its choices).
      .filter({ hasText: "Gadgets" })
      .first();
    const name = (await card.getByRole("heading").innerText()).trim();

    const sent = await nextCartPut(page, () =>
      card.getByRole("button", { name: `Add ${name} to bag` }).click(),
    );

    expect(sent.status).toBe(401);
    expect(sent.body.quantity).toBe("1");
    await toast(page, "Please Log in First").waitFor();
    expect(await toast(page, "Item added to the cart").count()).toBe(0);
    await expectBadge(page, "Cart, empty");
    await context.close();
  });

  it("signed out: the toast's 'Log in' leads to the login page and back to the product afterwards", async () => {
    const account = newAccount("returning");
    const setup = await browser.newContext();
    await signUpThroughApi(setup.request, shopUrl(), account);
    await setup.close();

    const { context, page } = await newPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/");
    const card = page
      .getByRole("region", { name: "Best Seller Products" })
      .getByRole("article")
      // A gadget: one variant, so its cart button adds (a sized product's opens its choices).
      .filter({ hasText: "Gadgets" })
      .first();
    const name = (await card.getByRole("heading").innerText()).trim();
    const productPath = new URL((await card.getByRole("link").first().getAttribute("href"))!, shopUrl())
      .pathname;
    expect(productPath).toMatch(/^\/aboutproduct\/[0-9a-f-]{36}$/);

    await card.getByRole("button", { name: `Add ${name} to bag` }).click();
    const logIn = toast(page, "Please Log in First").getByRole("link", { name: "Log in" });
    await logIn.waitFor();
    await screenshot(page, "cart-login-first-toast-375");
    await logIn.click();

    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(productPath);
    // Following the action closes the toast.
    await toast(page, "Please Log in First").waitFor({ state: "detached" });
    const form = page.getByRole("form", { name: "Log in" });
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await form.getByRole("button", { name: "Log in" }).click();

    await page.waitForURL((url) => url.pathname === productPath);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    // Now it can be added.
    const added = await nextCartPut(page, () =>
      page.getByRole("button", { name: "Add to shopping bag" }).click(),
    );
    expect(added.status).toBe(200);
    await expectBadge(page, "Cart, 1 item");
    await context.close();
  });

  it("a crafted return address on /login leads home, never to another site", async () => {
    const account = newAccount("crafted");
    const setup = await browser.newContext();
    await signUpThroughApi(setup.request, shopUrl(), account);
    await setup.close();

    const { context, page } = await newPage(browser);
    await page.goto(`/login?redirectTo=${encodeURIComponent("//evil.example/aboutproduct/1")}`);
    const form = page.getByRole("form", { name: "Log in" });
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await form.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).origin).toBe(shopUrl());
    await context.close();
  });

  it("refreshes the badge when the window regains focus, and hides it after signing out", async () => {
    const { context, page } = await openAsShopper(browser);
    // "Cart, empty" shows while the first read is still under way too: wait for that read, or a
    // slow one answers the focus refetch below with the cart as it was before the add.
    const firstRead = page.waitForResponse((r) => r.url().includes("/api/carts/"));
    await page.goto("/");
    expect((await firstRead).status()).toBe(200);
    await expectBadge(page, "Cart, empty");

    // Added elsewhere (another tab or device): this page learns it when it is looked at again.
    const [product] = (await (await page.request.get("/api/gadget?limit=1")).json()) as { _id: string }[];
    const added = await page.request.put(`/api/cart/${product!._id}`, {
      data: { quantity: 2 },
      headers: { Origin: shopUrl() },
    });
    expect(added.status()).toBe(200);
    // As a browser fires it when the tab is shown again: at the document, bubbling to window.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await expectBadge(page, "Cart, 2 items");

    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).first().click();
    await page.getByRole("banner").getByRole("link", { name: "Log in" }).first().waitFor();
    await expectBadge(page, "Cart, empty");
    await context.close();
  });
});
