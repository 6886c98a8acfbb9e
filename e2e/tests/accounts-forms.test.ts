import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectSignedInTopBar,
  newAccount,
  signUpThroughApi,
  storedToken,
  type Account,
} from "../support/accounts";
import { launchBrowser, newPage, screenshot, VIEWPORTS } from "../support/browser";
import { shopUrl } from "../support/shop-url";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** An account that exists on the server, made in a throwaway context (the page stays signed out). */
async function existingAccount(): Promise<Account> {
  const account = newAccount();
  const context = await browser.newContext();
  await signUpThroughApi(context.request, shopUrl(), account);
  await context.close();
  return account;
}

/** The field's message: linked to the input with aria-describedby, and the input marked invalid. */
async function expectFieldError(form: Locator, label: string, message: string) {
  const input = form.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    describedBy
      .split(" ")
      .filter(Boolean)
      .map((id) => form.locator(`[id="${id}"]`).innerText()),
  );
  expect(texts.map((text) => text.trim())).toContain(message);
  await form.getByText(message, { exact: true }).waitFor();
}

async function expectNoFieldError(form: Locator, label: string) {
  await expect.poll(() => form.getByLabel(label, { exact: true }).getAttribute("aria-invalid")).toBeNull();
}

/** The colour of an element's text as [r, g, b], whatever CSS colour syntax it was given in. */
function textRgb(locator: Locator) {
  return locator.evaluate((element) => {
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}

async function expectRedAboveButton(alert: Locator, button: Locator) {
  const [r, g, b] = await textRgb(alert);
  expect(r).toBeGreaterThan(g! + 60);
  expect(r).toBeGreaterThan(b! + 60);
  const [alertBox, buttonBox] = [await alert.boundingBox(), await button.boundingBox()];
  expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(buttonBox!.y);
}

function loginForm(page: Page) {
  return page.getByRole("form", { name: "Log in" });
}

function registerForm(page: Page) {
  return page.getByRole("form", { name: "Register" });
}

describe("the login form", () => {
  it("shows SPEC's messages under each field on submit and as the user types", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    const form = loginForm(page);
    await form.getByRole("button", { name: "Log in" }).click();

    await expectFieldError(form, "Email", "Email is Required");
    await expectFieldError(form, "Password", "Password is Required");
    // The first invalid field gets the focus.
    expect(
      await form.getByLabel("Email", { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await form.getByLabel("Email", { exact: true }).fill("Not An Email");
    await expectFieldError(form, "Email", "Provide a valid Email");
    await form.getByLabel("Email", { exact: true }).fill("shopper@shop");
    await expectFieldError(form, "Email", "Provide a valid Email");
    await form.getByLabel("Password", { exact: true }).fill("abc");
    await expectFieldError(form, "Password", "Password Must be 6 characters or longer");

    await form.getByLabel("Email", { exact: true }).fill("shopper42@shop.com");
    await form.getByLabel("Password", { exact: true }).fill("abcdef");
    await expectNoFieldError(form, "Email");
    await expectNoFieldError(form, "Password");
    await context.close();
  });

  it("shows a message under a field once the user leaves it empty", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    const form = loginForm(page);
    await form.getByLabel("Email", { exact: true }).focus();
    await form.getByLabel("Password", { exact: true }).focus();
    await expectFieldError(form, "Email", "Email is Required");
    await context.close();
  });

  it("shows the server's refusal of a wrong password in red above the Log in button", async () => {
    const account = await existingAccount();
    const { context, page } = await newPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/login");
    const form = loginForm(page);
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill("wrong-password-99");
    const button = form.getByRole("button", { name: "Log in" });
    await button.click();

    const alert = form.getByRole("alert");
    await alert.getByText("Invalid email or password").waitFor();
    await expectRedAboveButton(alert, button);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await storedToken(page)).toBeNull();
    await screenshot(page, "accounts-login-wrong-password-375");
    await context.close();
  });

  it("looks right at 375px and 1280px", async () => {
    for (const [size, viewport] of [
      ["375", VIEWPORTS.mobile],
      ["1280", VIEWPORTS.desktop],
    ] as const) {
      const { context, page } = await newPage(browser, { viewport });
      await page.goto("/login");
      await loginForm(page).getByLabel("Email", { exact: true }).waitFor();
      await screenshot(page, `accounts-login-${size}`);
      await loginForm(page).getByRole("button", { name: "Log in" }).click();
      await loginForm(page).getByText("Email is Required").waitFor();
      await screenshot(page, `accounts-login-errors-${size}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      await context.close();
    }
  });
});

describe("the register form", () => {
  it("shows SPEC's messages under each field", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/register");
    const form = registerForm(page);
    await form.getByRole("button", { name: "Register" }).click();

    await expectFieldError(form, "Name", "Name is Required");
    await expectFieldError(form, "Email", "Email is Required");
    await expectFieldError(form, "Password", "Password is Required");

    await form.getByLabel("Name", { exact: true }).fill("   ");
    await expectFieldError(form, "Name", "Name is Required");
    await form.getByLabel("Email", { exact: true }).fill("Shopper@Shop");
    await expectFieldError(form, "Email", "Provide a valid Email");
    await form.getByLabel("Password", { exact: true }).fill("12345");
    await expectFieldError(form, "Password", "Password Must be 6 characters or longer");
    await context.close();
  });

  it("registers, stores the token and goes home with 'Your Profile is Updated' and a signed-in top bar", async () => {
    const account = newAccount("newcomer");
    const { context, page } = await newPage(browser);
    await page.goto("/register");
    const form = registerForm(page);
    await form.getByLabel("Name", { exact: true }).fill(account.name);
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Register" }).click();

    await page.waitForURL((url) => url.pathname === "/");
    const toast = page.locator(".Toastify__toast", { hasText: "Your Profile is Updated" });
    await toast.waitFor();
    const shownAt = Date.now();
    // Top-right, just under the top bar.
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(VIEWPORTS.desktop.width - 40);
    expect(box.y).toBeLessThan(100);
    await expectSignedInTopBar(page, account.name);
    expect(await storedToken(page)).toMatch(/\S+\.\S+/);
    await page.getByRole("main").getByRole("heading").first().waitFor();
    await screenshot(page, "accounts-registered-home-1280");

    // The token is the API's key: the account's own token call answers with it as bearer.
    const token = await storedToken(page);
    const adminCheck = await page.evaluate(
      async ({ email, token }) =>
        (
          await fetch(`/api/admin/${email}`, {
            headers: { Authorization: `Bearer ${token}` },
            credentials: "omit",
          })
        ).status,
      { email: account.email, token },
    );
    expect(adminCheck).toBe(200);

    // SPEC section 4: the toast closes by itself after 5 s, and not while the pointer is on it.
    await page.waitForTimeout(Math.max(0, 3_500 - (Date.now() - shownAt)));
    expect(await toast.isVisible()).toBe(true);
    await toast.hover();
    await page.waitForTimeout(2_500);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(10, 500);
    await toast.waitFor({ state: "detached", timeout: 7_000 });
    await context.close();
  });

  it("shows the server's refusal of a taken e-mail and of a common password above the button", async () => {
    const account = await existingAccount();
    const { context, page } = await newPage(browser);
    await page.goto("/register");
    const form = registerForm(page);
    const button = form.getByRole("button", { name: "Register" });
    await form.getByLabel("Name", { exact: true }).fill("Somebody Else");
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill("another-harbour-77");
    await button.click();
    const alert = form.getByRole("alert");
    await alert.getByText(/already exists/i).waitFor();
    await expectRedAboveButton(alert, button);

    await form.getByLabel("Email", { exact: true }).fill(newAccount().email);
    await form.getByLabel("Password", { exact: true }).fill("password");
    await button.click();
    await alert.getByText(/too common/i).waitFor();
    expect(new URL(page.url()).pathname).toBe("/register");
    await context.close();
  });

  it("looks right at 375px and 1280px", async () => {
    for (const [size, viewport] of [
      ["375", VIEWPORTS.mobile],
      ["1280", VIEWPORTS.desktop],
    ] as const) {
      const { context, page } = await newPage(browser, { viewport });
      await page.goto("/register");
      const form = registerForm(page);
      await form.getByLabel("Name", { exact: true }).waitFor();
      await screenshot(page, `accounts-register-${size}`);
      await form.getByRole("button", { name: "Register" }).click();
      await form.getByText("Name is Required").waitFor();
      await screenshot(page, `accounts-register-errors-${size}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      await context.close();
    }
  });
});
