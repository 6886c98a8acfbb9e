import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSignedInTopBar, sessionEmail, storedToken, TEST_PASSWORD } from "../support/accounts";
import { launchBrowser, newPage, screenshot, VIEWPORTS } from "../support/browser";
import { shopUrl } from "../support/shop-url";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * Real addresses SPEC's old pattern refused (dots, a three-part domain, a four-letter ending,
 * capitals and a +tag). The shop under test is fresh for every run, so each can sign up once.
 */
const ADDRESSES = [
  "john.smith@gmail.com",
  "anna@uni.ac.uk",
  "x@shop.info",
  "First.Last+tag@Example.COM",
] as const;

const form = (page: Page, name: "Register" | "Log in") => page.getByRole("form", { name });
const field = (page: Page, formName: "Register" | "Log in", label: string) =>
  form(page, formName).getByLabel(label, { exact: true });

async function signOut(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).first().click();
  await page.getByRole("banner").getByRole("link", { name: "Log in" }).first().waitFor();
}

describe("any valid e-mail address", () => {
  it.each(ADDRESSES)("%s registers, signs out and logs in again on the forms", async (address) => {
    const name = `Shopper ${address.split("@")[0]!.slice(0, 12)}`;
    const { context, page } = await newPage(browser);

    await page.goto("/register");
    await field(page, "Register", "Name").fill(name);
    await field(page, "Register", "Email").fill(address);
    await field(page, "Register", "Password").fill(TEST_PASSWORD);
    await form(page, "Register").getByRole("button", { name: "Register" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedInTopBar(page, name);
    // One account whatever the case it was typed in: the server keeps the address in lower case.
    expect(await sessionEmail(context, shopUrl())).toBe(address.toLowerCase());
    expect(await storedToken(page)).toMatch(/\S+\.\S+/);

    await signOut(page);
    await page.goto("/login");
    await field(page, "Log in", "Email").fill(address);
    await field(page, "Log in", "Password").fill(TEST_PASSWORD);
    await form(page, "Log in").getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedInTopBar(page, name);
    expect(await sessionEmail(context, shopUrl())).toBe(address.toLowerCase());
    await context.close();
  });

  it("is one account whatever the letter case: another case logs in, and cannot register again", async () => {
    const [address] = ADDRESSES.filter((a) => a !== a.toLowerCase());
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    await field(page, "Log in", "Email").fill(address!.toUpperCase());
    await field(page, "Log in", "Password").fill(TEST_PASSWORD);
    await form(page, "Log in").getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await sessionEmail(context, shopUrl())).toBe(address!.toLowerCase());
    await signOut(page);

    await page.goto("/register");
    await field(page, "Register", "Name").fill("Same Person");
    await field(page, "Register", "Email").fill(address!.toLowerCase());
    await field(page, "Register", "Password").fill("another-harbour-77");
    await form(page, "Register").getByRole("button", { name: "Register" }).click();
    await form(page, "Register")
      .getByRole("alert")
      .getByText(/already exists/i)
      .waitFor();
    await context.close();
  });

  it("keeps SPEC's message for a malformed address, at 375 and 1280 px", async () => {
    for (const [size, viewport] of [
      ["375", VIEWPORTS.mobile],
      ["1280", VIEWPORTS.desktop],
    ] as const) {
      const { context, page } = await newPage(browser, { viewport });
      await page.goto("/register");
      const email = field(page, "Register", "Email");
      for (const malformed of ["john.smith", "john@gmail", "john smith@gmail.com", "john..smith@gmail.com"]) {
        await email.fill(malformed);
        await email.blur();
        await form(page, "Register").getByText("Provide a valid Email", { exact: true }).waitFor();
      }
      await email.fill("John.Smith@Gmail.com");
      await expect.poll(() => email.getAttribute("aria-invalid")).toBeNull();
      await screenshot(page, `accounts-email-valid-${size}`);
      await context.close();
    }
  });
});
