import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectSignedInTopBar,
  expectSignedOutTopBar,
  newAccount,
  signUpThroughApi,
  storedToken,
} from "../support/accounts";
import { launchBrowser, newPage } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import { shopUrl } from "../support/shop-url";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every page SPEC reserves for signed-in users. */
const PROTECTED_PATHS = [
  "/women",
  "/shoes",
  "/cart",
  "/aboutproduct/any-product",
  "/gadget",
  "/review",
  "/man",
  "/products",
  "/dashboard",
  "/dashboard/editprofile",
  "/dashboard/review",
  "/dashboard/allusers",
];

describe("protected routes", () => {
  it("send a signed-out visitor from every protected page to /login, remembering the page", async () => {
    const { context, page } = await newPage(browser);
    for (const path of PROTECTED_PATHS) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo"), path).toBe(path);
      await page.getByRole("heading", { name: "Log in", level: 1 }).waitFor();
    }
    await context.close();
  });

  it("leave home, /blog, /login and /register open to everyone", async () => {
    const { context, page } = await newPage(browser);
    for (const path of ["/", "/blog", "/login", "/register"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    await context.close();
  });

  it("bring the shopper back to /cart after signing in on the login page it sent them to", async () => {
    const account = newAccount();
    const setup = await browser.newContext();
    await signUpThroughApi(setup.request, shopUrl(), account);
    await setup.close();

    const { context, page } = await newPage(browser);
    await page.goto("/cart");
    await page.waitForURL((url) => url.pathname === "/login");
    const form = page.getByRole("form", { name: "Log in" });
    await form.getByLabel("Email", { exact: true }).fill(account.email);
    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Log in" }).click();

    await page.waitForURL((url) => url.pathname === "/cart");
    await expectSignedInTopBar(page, account.name);
    expect(await storedToken(page)).toMatch(/\S+\.\S+/);
    await context.close();
  });

  it("show a spinner while the sign-in state loads, then the page", async () => {
    const { context, page } = await openAsShopper(browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/get-session", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/cart");

    const spinner = page.getByRole("main").getByRole("status", { name: "Checking your sign-in…" });
    await spinner.waitFor({ state: "visible" });
    // The avatar says "busy" meanwhile.
    await page.getByRole("banner").getByRole("img", { name: "Guest (busy)" }).waitFor();
    expect(await page.getByRole("heading", { name: "Your cart" }).count()).toBe(0);

    release();
    await spinner.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/cart");
    await context.close();
  });
});

describe("a session made outside the page (the Google return path)", () => {
  it("is picked up on the first load: the SPA fetches and stores the access token itself", async () => {
    const { context, page, email, name } = await openAsShopper(browser);
    const tokenCalls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().includes("/api/user/")) tokenCalls.push(request.url());
    });
    await page.goto("/");
    await expectSignedInTopBar(page, name);
    await expect.poll(() => storedToken(page)).toMatch(/\S+\.\S+/);
    expect(tokenCalls).toEqual([`${shopUrl()}/api/user/${encodeURIComponent(email)}`]);
    await context.close();
  });
});

describe("signing out", () => {
  it("ends the session, forgets the token, shows Log in and protects the pages again", async () => {
    const { context, page, name } = await openAsShopper(browser);
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: /Welcome to Dashboard/ }).waitFor();
    await expectSignedInTopBar(page, name);
    expect(await storedToken(page)).not.toBeNull();

    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();

    await page.waitForURL((url) => url.pathname === "/");
    await expectSignedOutTopBar(page);
    expect(await storedToken(page)).toBeNull();
    const session = await context.request.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();

    await page.goto("/cart");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/cart");
    await context.close();
  });
});

describe("a session that ends on the server", () => {
  it("sends the shopper to /login from the next API call that answers 401, and back after signing in", async () => {
    const { context, page, name, email, password } = await openAsShopper(browser);
    await page.goto("/dashboard");
    await page.getByRole("article", { name: "Profile" }).waitFor();

    // The session ends behind the page's back (as when it expires or an admin removes it).
    const url = shopUrl();
    await context.request.post(`${url}/api/auth/sign-out`, { headers: { Origin: url }, data: {} });
    expect(await storedToken(page)).not.toBeNull();

    // The next page asks for the profile with the dead token: 401.
    await page.getByRole("article", { name: "Profile" }).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard/editprofile");
    await page
      .locator(".Toastify__toast", { hasText: "Your session has ended. Please log in again." })
      .waitFor();
    await expectSignedOutTopBar(page);
    expect(await storedToken(page)).toBeNull();

    const form = page.getByRole("form", { name: "Log in" });
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/editprofile");
    await expectSignedInTopBar(page, name);
    await context.close();
  });
});

describe("the login page on the shared shop", () => {
  it("offers no Google button when Google is not configured", async () => {
    const { context, page } = await newPage(browser);
    const providers = page.waitForResponse((response) => response.url().endsWith("/api/auth-providers"));
    await page.goto("/login");
    expect(await (await providers).json()).toEqual({ emailPassword: true, google: false });
    await page.getByRole("form", { name: "Log in" }).waitFor();
    await page.waitForTimeout(200);
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);
    await context.close();
  });
});
