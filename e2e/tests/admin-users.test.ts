import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionEmail } from "../support/accounts";
import { launchBrowser, screenshot as takeScreenshot, VIEWPORTS } from "../support/browser";
import { ADMIN_ACCOUNT, openAsAdmin, openAsShopper } from "../support/shopper";
import { shopUrl } from "../support/shop-url";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_ITEMS = ["All Users", "Add Product", "Manage Products"];

/** A full-page screenshot taken from the top (the sticky top bar stays where it belongs). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeScreenshot(page, name);
}

const toast = (page: Page, text: string) => page.locator(".Toastify__toast", { hasText: text });
const dashboardNav = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const usersTable = (page: Page) => page.getByRole("table", { name: "Users, newest first" });
/** The visible list of users: the table at 1280px, the cards at 375px. */
const usersList = (page: Page) =>
  page
    .getByRole("table", { name: "Users, newest first" })
    .or(page.getByRole("list", { name: "Users, newest first" }));
/** The table row of an account, found by its e-mail (the row header). */
const userRow = (page: Page, email: string) =>
  usersTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: email }) });

/** All Users, searched for `text`, once the list shows exactly the matching rows. */
async function openAllUsers(page: Page, search?: string) {
  await page.goto("/dashboard/allusers");
  await page.getByRole("heading", { name: "All Users", level: 2 }).waitFor();
  await usersList(page).waitFor();
  if (search) {
    await page.getByRole("searchbox", { name: "Search users" }).fill(search);
    await page.waitForURL((url) => url.searchParams.get("q") === search);
    await page
      .getByRole("status")
      .filter({ hasText: `for “${search}”` })
      .waitFor();
  }
}

async function expectMenu(page: Page, admin: boolean) {
  const nav = dashboardNav(page);
  await nav.getByRole("link", { name: "My Profile" }).waitFor();
  for (const item of ADMIN_ITEMS) {
    await expect.poll(() => nav.getByRole("link", { name: item }).count()).toBe(admin ? 1 : 0);
  }
}

function buttonNames(row: Locator) {
  return row
    .getByRole("button")
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
}

describe("All Users", () => {
  it("promotes a shopper with 'Make Admin'; after a reload the shopper has the admin menu", async () => {
    const shopper = await openAsShopper(browser);
    await shopper.page.goto("/dashboard");
    await expectMenu(shopper.page, false);

    const admin = await openAsAdmin(browser);
    await openAllUsers(admin.page, shopper.email);
    const row = userRow(admin.page, shopper.email);
    expect(await row.getByRole("cell").nth(1).innerText()).toBe(shopper.name);
    expect(await row.getByRole("cell").nth(2).innerText()).toBe("Shopper");
    const makeAdmin = row.getByRole("button", { name: `Make Admin: ${shopper.name} (${shopper.email})` });
    await expectNoAxeViolations(admin.page, { include: "main", wcagOnly: true });
    await makeAdmin.click();

    await toast(admin.page, "Successfully Made an Admin").waitFor();
    // Refetched: the row now says so, and offers no promotion.
    await row.getByText("Already an Admin", { exact: true }).waitFor();
    expect(await row.getByRole("cell").nth(2).innerText()).toBe("Admin");
    expect(await makeAdmin.count()).toBe(0);

    // The shopper's dashboard shows the admin pages once it is loaded again.
    await shopper.page.reload();
    await expectMenu(shopper.page, true);
    await dashboardNav(shopper.page).getByRole("link", { name: "All Users" }).click();
    await openAllUsers(shopper.page, shopper.email);
    // Now an admin themselves: their own row has no 'Remove User'.
    expect(await buttonNames(userRow(shopper.page, shopper.email))).toEqual([]);

    await shopper.context.close();
    await admin.context.close();
  });

  it("removes a user only after confirming: 'User Removed', the list refetches and their session ends", async () => {
    const victim = await openAsShopper(browser);
    await victim.page.goto("/dashboard");
    await expectMenu(victim.page, false);

    const admin = await openAsAdmin(browser);
    const { page } = admin;
    await openAllUsers(page, victim.email);
    const remove = userRow(page, victim.email).getByRole("button", {
      name: `Remove User: ${victim.name} (${victim.email})`,
    });

    // Cancelled: nothing happens, focus returns to the button.
    await remove.click();
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this item?" });
    await dialog.getByText(victim.email).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await screenshot(page, "admin-allusers-confirm-1280");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await userRow(page, victim.email).count()).toBe(1);

    await remove.click();
    await dialog.getByRole("button", { name: "Remove User" }).click();
    await toast(page, "User Removed").waitFor();
    await page.getByText(`No users match “${victim.email}”`).waitFor();
    expect(await sessionEmail(victim.context, shopUrl())).toBeNull();

    // The removed shopper is signed out on their next request.
    await victim.page.reload();
    await victim.page.waitForURL((url) => url.pathname === "/login");
    await victim.context.close();
    await admin.context.close();
  });

  it("offers no 'Remove User' on the admin's own row, and explains why", async () => {
    const { context, page } = await openAsAdmin(browser);
    await openAllUsers(page, ADMIN_ACCOUNT.email);
    const row = userRow(page, ADMIN_ACCOUNT.email);
    await row.getByText("You", { exact: true }).waitFor();
    await row.getByText("Already an Admin", { exact: true }).waitFor();
    await row.getByText("You can’t remove your own account").waitFor();
    expect(await buttonNames(row)).toEqual([]);
    await context.close();
  });

  it("numbers the rows across pages, and pages with Previous / Next", async () => {
    // At least 11 accounts: enough for a second page of 10.
    for (let i = 0; i < 11; i++) await (await openAsShopper(browser)).context.close();
    const { context, page } = await openAsAdmin(browser);
    await openAllUsers(page);
    const rows = usersTable(page).locator("tbody").getByRole("row");
    await expect.poll(() => rows.count()).toBe(10);
    expect(await rows.first().getByRole("cell").first().innerText()).toBe("1");
    await page.getByText(/^Showing 1–10 of \d+ users$/).waitFor();
    await screenshot(page, "admin-allusers-1280");

    const pages = page.getByRole("navigation", { name: "Users pages" });
    expect(await pages.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    await pages.getByRole("button", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.getByText(/^Showing 11–\d+ of \d+ users$/).waitFor();
    expect(await rows.first().getByRole("cell").first().innerText()).toBe("11");
    await pages.getByText(/^Page 2 of \d+$/).waitFor();
    await context.close();
  });

  it("shows cards with the same actions at 375px, without sideways scrolling", async () => {
    const shopper = await openAsShopper(browser);
    await shopper.context.close();
    const { context, page } = await openAsAdmin(browser, { viewport: VIEWPORTS.mobile });
    await openAllUsers(page);
    const cards = page.getByRole("list", { name: "Users, newest first" });
    await cards.waitFor();
    expect(await usersTable(page).isVisible()).toBe(false);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "admin-allusers-375");

    await page.getByRole("searchbox", { name: "Search users" }).fill(shopper.email);
    await page
      .getByRole("status")
      .filter({ hasText: `for “${shopper.email}”` })
      .waitFor();
    const card = cards.getByRole("listitem");
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole("button", { name: `Make Admin: ${shopper.name} (${shopper.email})` }).waitFor();
    await card.getByRole("button", { name: `Remove User: ${shopper.name} (${shopper.email})` }).waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true });
    await context.close();
  });

  it("is not offered to a shopper: the page says they are not authorized", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/dashboard/allusers");
    await page.getByRole("heading", { name: "You are not authorized to view this page" }).waitFor();
    expect(await page.getByRole("table").count()).toBe(0);
    expect(await page.getByRole("searchbox", { name: "Search users" }).count()).toBe(0);
    await context.close();
  });
});
