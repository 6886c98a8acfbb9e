import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionEmail } from "../support/accounts";
import { launchBrowser, newPage, screenshot, VIEWPORTS } from "../support/browser";
import { countMails, VERIFICATION_SUBJECT, waitForMail } from "../support/mail";
import { shopUrl } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { expectNoAxeViolations } from "../support/page-checks";
import { expectCount } from "../support/storefront";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const MAIL_FRAME = "iframe[title^='The mail']";

const RESET_SUBJECT = /^Reset your Trendsetters password$/;

describe("forgot password", () => {
  it("mails a link that sets a new password and signs in here; the session in another browser ends; the link works once", async () => {
    const before = await openAsShopper(browser);
    expect(await sessionEmail(before.context, shopUrl())).toBe(before.email);

    const { context, page } = await newPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL((url) => url.pathname === "/forgot-password");
    const form = page.getByRole("form", { name: "Forgot password" });
    await form.getByLabel("Email", { exact: true }).fill(before.email);
    await form.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByRole("status")
      .getByText(/If an account uses this address/)
      .waitFor();
    await expectNoAxeViolations(page, { exclude: MAIL_FRAME });
    await screenshot(page, "mail-forgot-password-375");

    const mail = await waitForMail(before.email, RESET_SUBJECT);
    expect(new URL(mail.link).pathname).toBe("/reset-password");
    await page.goto(mail.link);
    const reset = page.getByRole("form", { name: "Choose a new password" });
    await reset.getByLabel("New password", { exact: true }).fill("lantern-orchard-58");
    await reset.getByLabel("Repeat the new password", { exact: true }).fill("lantern-orchard-58");
    await expectNoAxeViolations(page, { exclude: MAIL_FRAME });
    await screenshot(page, "mail-reset-password-375");
    await reset.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("heading", { name: `Welcome to Dashboard, ${before.name}`, level: 1 }).waitFor();
    expect(await sessionEmail(context, shopUrl())).toBe(before.email);

    // The other browser's session ended with the reset.
    expect(await sessionEmail(before.context, shopUrl())).toBeNull();
    await before.page.goto("/dashboard");
    await before.page.waitForURL((url) => url.pathname === "/login");

    // The same link a second time: spent.
    const again = await newPage(browser);
    await again.page.goto(mail.link);
    const second = again.page.getByRole("form", { name: "Choose a new password" });
    await second.getByLabel("New password", { exact: true }).fill("another-orchard-59");
    await second.getByLabel("Repeat the new password", { exact: true }).fill("another-orchard-59");
    await second.getByRole("button", { name: "Set new password" }).click();
    await again.page.getByRole("alert").getByText("This link has expired or was used already.").waitFor();

    await Promise.all([context.close(), before.context.close(), again.context.close()]);
  });

  it("answers an address without an account exactly as one with an account", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/forgot-password");
    const form = page.getByRole("form", { name: "Forgot password" });
    await form.getByLabel("Email", { exact: true }).fill("nobody-at-all@shop.com");
    await form.getByRole("button", { name: "Send reset link" }).click();
    await page
      .getByRole("status")
      .getByText(/If an account uses this address/)
      .waitFor();
    await context.close();
  });
});

describe("address verification", () => {
  it("shows an unverified address on the profile, sends a new link, and shows it verified once opened", async () => {
    const shopper = await openAsShopper(browser, { verified: false });
    const { page } = shopper;
    await page.goto("/dashboard");
    await page.getByText("Not verified").waitFor();
    // The sign-up mail's link leads elsewhere (home): wait for the new one, not that one.
    const sentBefore = await countMails(shopper.email, VERIFICATION_SUBJECT);
    await page.getByRole("button", { name: "Send a new link" }).click();
    await page.getByRole("status").getByText("We sent a new confirmation link.").waitFor();
    await screenshot(page, "mail-profile-unverified-1280");

    const mail = await waitForMail(shopper.email, VERIFICATION_SUBJECT, undefined, undefined, sentBefore);
    await page.goto(mail.link);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Verified", { exact: true }).waitFor();
    await shopper.context.close();
  });
});

describe("account & security", () => {
  it("lists the signed-in devices and signs out everywhere else", async () => {
    const shopper = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    const other = await newPage(browser);
    await other.context.addCookies(await shopper.context.cookies());
    // A second session of the same account, in the other browser.
    const signIn = await other.context.request.post(`${shopUrl()}/api/auth/sign-in/email`, {
      data: { email: shopper.email, password: shopper.password },
      headers: { Origin: shopUrl() },
    });
    expect(signIn.ok()).toBe(true);

    await shopper.page.goto("/dashboard/account");
    const devices = shopper.page.getByRole("list", { name: "Signed-in devices" });
    await expect.poll(() => devices.getByRole("listitem").count(), { timeout: 15_000 }).toBe(2);
    await expectNoAxeViolations(shopper.page, { exclude: MAIL_FRAME });
    await screenshot(shopper.page, "mail-account-security-375");
    await shopper.page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect.poll(() => devices.getByRole("listitem").count(), { timeout: 15_000 }).toBe(1);
    expect(await sessionEmail(other.context, shopUrl())).toBeNull();
    expect(await sessionEmail(shopper.context, shopUrl())).toBe(shopper.email);
    await Promise.all([shopper.context.close(), other.context.close()]);
  });

  it("says so when the list cannot be loaded again after signing out elsewhere, keeps what it showed, and tries again", async () => {
    const shopper = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    await shopper.page.goto("/dashboard/account");
    const devices = shopper.page.getByRole("list", { name: "Signed-in devices" });
    await expect.poll(() => devices.getByRole("listitem").count(), { timeout: 15_000 }).toBe(1);
    // The sign-out works; reading the list again afterwards fails (400: not retried by itself).
    await shopper.page.route("**/api/auth/list-sessions", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/problem+json",
        body: JSON.stringify({ title: "Bad Request", status: 400, detail: "The list could not be read." }),
      }),
    );
    await shopper.page.getByRole("button", { name: "Sign out everywhere else" }).click();
    const failure = shopper.page.getByRole("alert").filter({ hasText: "We couldn’t load your devices" });
    await failure.waitFor();
    expect(await failure.textContent()).toContain("The list could not be read.");
    expect(await devices.getByRole("listitem").count()).toBe(1);
    await expectNoAxeViolations(shopper.page, { exclude: MAIL_FRAME, seriousOnly: true });
    await screenshot(shopper.page, "mail-account-security-refetch-failed-375");
    await shopper.page.unroute("**/api/auth/list-sessions");
    await failure.getByRole("button", { name: "Try again" }).click();
    await expectCount(failure, 0);
    expect(await devices.getByRole("listitem").count()).toBe(1);
    await shopper.context.close();
  });
});

describe("the Mail page (no SMTP_URL)", () => {
  it("lists this test's mails, rendered, for admins only", async () => {
    const shopper = await openAsShopper(browser, { verified: false });
    await waitForMail(shopper.email, VERIFICATION_SUBJECT);

    const admin = await openAsAdmin(browser);
    await admin.page.goto("/dashboard/mail");
    const list = admin.page.getByRole("list", { name: "Mails" });
    const row = list.getByRole("button").filter({ hasText: `To ${shopper.email}` });
    await row.waitFor();
    await expect
      .poll(() => row.textContent())
      .toMatch(/Confirm your e-mail address for Trendsetters.*Logged \(no SMTP\)/);
    await row.click();
    const mail = admin.page.getByRole("article", {
      name: "Mail: Confirm your e-mail address for Trendsetters",
    });
    await mail.waitFor();
    const frame = admin.page.frameLocator(MAIL_FRAME);
    await frame.getByRole("link", { name: "Confirm my address" }).waitFor();
    await expectNoAxeViolations(admin.page, { exclude: MAIL_FRAME });
    await screenshot(admin.page, "mail-admin-mail-page-1280");

    // A shopper sees neither the page nor the API behind it.
    await shopper.page.goto("/dashboard/mail");
    await shopper.page
      .getByText(/not authorized/i)
      .first()
      .waitFor();
    expect(await list.count()).toBe(1);
    expect(await shopper.page.getByRole("list", { name: "Mails" }).count()).toBe(0);
    const api = await shopper.context.request.get(`${shopUrl()}/api/admin/mails`);
    expect(api.status()).toBe(403);
    await Promise.all([shopper.context.close(), admin.context.close()]);
  });
});
