import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { openAsAdmin, openAsShopper } from "../support/shopper";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_ITEMS = ["All Users", "Add Product", "Manage Products"];

function dashboardNav(page: Page) {
  return page.getByRole("navigation", { name: "Dashboard" });
}

function profileCard(page: Page) {
  return page.getByRole("article", { name: "Profile" });
}

/** The text of the <dd> beside a <dt> in the profile card. */
function detail(card: Locator, term: string) {
  return card.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
}

async function expectFieldError(form: Locator, label: string, message: string) {
  const input = form.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const errorId = (await input.getAttribute("aria-describedby"))?.split(" ").at(-1);
  expect((await form.locator(`[id="${errorId}"]`).innerText()).trim()).toBe(message);
}

describe("the dashboard", () => {
  it("welcomes the user by name and shows the profile card with an Edit button", async () => {
    const { context, page, email, name } = await openAsShopper(browser);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: `Welcome to Dashboard, ${name}` }).waitFor();

    const card = profileCard(page);
    await card.getByRole("heading", { name }).waitFor();
    await card.getByText(email, { exact: true }).waitFor();
    await card.getByRole("img", { name }).waitFor();
    for (const term of ["Qualification", "City/District", "Phone No."]) {
      expect((await detail(card, term).innerText()).trim()).toBe("Not added yet");
    }
    expect(await card.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      "/dashboard/editprofile",
    );

    // A shopper's menu: My Profile and My Reviews, no admin pages.
    const nav = dashboardNav(page);
    await nav.getByRole("link", { name: "My Profile" }).waitFor();
    await nav.getByRole("link", { name: "My Reviews" }).waitFor();
    for (const item of ADMIN_ITEMS) expect(await nav.getByRole("link", { name: item }).count()).toBe(0);

    await screenshot(page, "accounts-dashboard-1280");
    await nav.getByRole("link", { name: "My Reviews" }).click();
    await page.getByRole("heading", { name: "My Reviews" }).waitFor();
    await page.getByText("Your reviews of the products you bought will be listed here.").waitFor();
    await context.close();
  });

  it("opens its menu as a drawer from a button at 375px", async () => {
    const { context, page, name } = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: `Welcome to Dashboard, ${name}` }).waitFor();
    await profileCard(page).waitFor();
    expect(await dashboardNav(page).count()).toBe(0);
    await screenshot(page, "accounts-dashboard-375");

    const menuButton = page.getByRole("button", { name: "Dashboard menu" });
    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
    await drawer.getByRole("link", { name: "My Reviews" }).waitFor();
    await screenshot(page, "accounts-dashboard-drawer-375");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton.click();
    await drawer.getByRole("link", { name: "My Reviews" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/review");
    await drawer.waitFor({ state: "hidden" });
    await context.close();
  });

  it("edits the profile: SPEC's messages, then the toast, the dashboard and the new values", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/dashboard");
    await profileCard(page).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/editprofile");

    const form = page.getByRole("form", { name: "Edit profile" });
    const phone = form.getByLabel("Phone No.", { exact: true });
    expect(await phone.getAttribute("inputmode")).toBe("tel");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expectFieldError(form, "Qualification", "Qualification is Required");
    await expectFieldError(form, "City/District", "City/District is Required");
    await expectFieldError(form, "Phone No.", "Phone No. is Required");
    await screenshot(page, "accounts-edit-profile-errors-1280");

    await form.getByLabel("Qualification", { exact: true }).fill("BSc Computer Science");
    await form.getByLabel("City/District", { exact: true }).fill("Dhaka");
    await phone.fill("+8801711000000");
    await form.getByRole("button", { name: "Save profile" }).click();

    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.locator(".Toastify__toast", { hasText: "Your Profile Updated" }).waitFor();
    const card = profileCard(page);
    await expect.poll(() => detail(card, "Qualification").innerText()).toBe("BSc Computer Science");
    expect(await detail(card, "City/District").innerText()).toBe("Dhaka");
    expect(await detail(card, "Phone No.").innerText()).toBe("+8801711000000");

    // The values came from the server: they are there after a reload, and prefill the form.
    await page.reload();
    await expect.poll(() => detail(profileCard(page), "City/District").innerText()).toBe("Dhaka");
    await page.goto("/dashboard/editprofile");
    await expect.poll(() => form.getByLabel("City/District", { exact: true }).inputValue()).toBe("Dhaka");
    expect(await form.getByLabel("Qualification", { exact: true }).inputValue()).toBe("BSc Computer Science");
    expect(await phone.inputValue()).toBe("+8801711000000");
    await context.close();
  });

  it("looks right when editing the profile at 375px and 1280px", async () => {
    for (const [size, viewport] of [
      ["375", VIEWPORTS.mobile],
      ["1280", VIEWPORTS.desktop],
    ] as const) {
      const { context, page } = await openAsShopper(browser, { viewport });
      await page.goto("/dashboard/editprofile");
      await page
        .getByRole("form", { name: "Edit profile" })
        .getByLabel("Qualification", { exact: true })
        .waitFor();
      await screenshot(page, `accounts-edit-profile-${size}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      await context.close();
    }
  });
});

describe("admin pages of the dashboard", () => {
  it("are refused to a shopper with a clear 'not authorized' page and no admin menu items", async () => {
    const { context, page } = await openAsShopper(browser);
    for (const path of ["/dashboard/allusers", "/dashboard/addproduct", "/dashboard/manageproduct"]) {
      await page.goto(path);
      await page.getByRole("heading", { name: "You are not authorized to view this page" }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    const nav = dashboardNav(page);
    await nav.getByRole("link", { name: "My Profile" }).waitFor();
    for (const item of ADMIN_ITEMS) expect(await nav.getByRole("link", { name: item }).count()).toBe(0);
    await screenshot(page, "accounts-not-authorized-1280");
    await context.close();
  });

  it("are in the admin's menu (without My Reviews) and open for the admin", async () => {
    const { context, page, name } = await openAsAdmin(browser);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: `Welcome to Dashboard, ${name}` }).waitFor();
    const nav = dashboardNav(page);
    for (const item of ADMIN_ITEMS) await nav.getByRole("link", { name: item }).waitFor();
    expect(await nav.getByRole("link", { name: "My Reviews" }).count()).toBe(0);
    await screenshot(page, "accounts-dashboard-admin-1280");

    await nav.getByRole("link", { name: "All Users" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/allusers");
    await page.getByRole("heading", { name: "All Users", level: 2 }).waitFor();
    expect(
      await page.getByRole("heading", { name: "You are not authorized to view this page" }).count(),
    ).toBe(0);
    await context.close();
  });

  it("keep the admin signed in across pages opened with openAsAdmin", async () => {
    const first = await openAsAdmin(browser);
    await first.context.close();
    const second = await openAsAdmin(browser);
    await second.page.goto("/dashboard/manageproduct");
    await second.page.getByRole("heading", { name: "Manage Products", level: 2 }).waitFor();
    await second.context.close();
  });
});
