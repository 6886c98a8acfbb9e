import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/accounts";
import { launchBrowser, newPage, screenshot, VIEWPORTS } from "../support/browser";
import { waitForMail } from "../support/mail";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { shopUrl } from "../support/shop-url";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SIZES = [
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const;
const PREVIEW_FRAME = "iframe[title^='Preview of the mail']";

describe("the newsletter", () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px: subscribe in the footer, confirm from the mail, receive a campaign the owner sends, unsubscribe in one click`, async () => {
      const email = uniqueEmail(`news-${size}`);
      const { context, page } = await newPage(browser, { viewport });
      await page.goto("/");
      const footer = page.getByRole("contentinfo");
      await footer.getByLabel("E-mail address").fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await footer
        .getByRole("status")
        .getByText(/Check your inbox/)
        .waitFor();
      await expectNoAxeViolations(page, { include: "footer", wcagOnly: true, seriousOnly: true });

      const confirmation = await waitForMail(email, /^Confirm your subscription to Trendsetters$/);
      expect(new URL(confirmation.link).pathname).toBe("/newsletter/confirm");
      await page.goto(confirmation.link);
      await page.getByRole("heading", { name: "You are subscribed", level: 1 }).waitFor();
      await expectNoAxeViolations(page, { wcagOnly: true, seriousOnly: true });
      await expectNoSidewaysScroll(page);
      await screenshot(page, `newsletter-confirmed-${size}`);

      // The owner writes, previews and sends a campaign.
      const admin = await openAsAdmin(browser, { viewport });
      const subject = `News for ${size} px ${Date.now()}`;
      await admin.page.goto("/dashboard/campaigns");
      await admin.page.getByRole("heading", { name: "Campaigns", exact: true }).waitFor();
      await admin.page.getByLabel("Subject").fill(subject);
      await admin.page.getByLabel("Message").fill("# New in\n\nThe **autumn** coats are here.");
      await admin.page.getByRole("button", { name: "Preview" }).click();
      await admin.page.locator(PREVIEW_FRAME).waitFor();
      expect(await admin.page.frameLocator(PREVIEW_FRAME).locator("strong").first().textContent()).toBe(
        "autumn",
      );
      await expectNoAxeViolations(admin.page, {
        include: "main",
        exclude: PREVIEW_FRAME,
        wcagOnly: true,
        seriousOnly: true,
      });
      await expectNoSidewaysScroll(admin.page);
      await screenshot(admin.page, `newsletter-campaign-editor-${size}`);
      await admin.page.getByRole("button", { name: "Send to subscribers…" }).click();
      await admin.page.getByRole("button", { name: "Yes, send now" }).click();
      await admin.page.getByRole("heading", { name: subject, level: 4, exact: true }).waitFor();

      const campaign = await waitForMail(email, new RegExp(`^${subject}$`), undefined, 30_000);
      const unsubscribeLink = new URL(campaign.link);
      expect(unsubscribeLink.pathname).toBe("/newsletter/unsubscribe");
      // The owner's list shows the campaign sent.
      await admin.page
        .getByRole("listitem")
        .filter({ hasText: subject })
        .getByRole("definition")
        .nth(1)
        .filter({ hasNotText: /^0$/ })
        .waitFor({ timeout: 15_000 });
      await screenshot(admin.page, `newsletter-campaign-progress-${size}`);
      await admin.context.close();

      // One click on the mail's link: unsubscribed at once, no sign-in.
      await page.goto(campaign.link);
      await page.getByRole("heading", { name: "You are unsubscribed", level: 1 }).waitFor();
      await page.getByText(`${email} gets no more news from us`).waitFor();
      await expectNoAxeViolations(page, { wcagOnly: true, seriousOnly: true });
      await screenshot(page, `newsletter-unsubscribed-${size}`);

      // The mail provider's one-click POST (RFC 8058) answers the same for the same token.
      const token = unsubscribeLink.searchParams.get("token")!;
      const oneClick = await context.request.post(`${shopUrl()}/api/newsletter/unsubscribe/${token}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        data: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status()).toBe(200);
      expect(((await oneClick.json()) as { status: string }).status).toBe("unsubscribed");
      await context.close();
    });
  }
});

describe("back in stock", () => {
  it("at 375 px: Notify me on a sold-out size, the owner restocks it, one mail leads back to the product", async () => {
    const admin = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    const name = `Notify Scarf ${Date.now()}`;
    const created = await admin.page.request.post("/api/addproduct", {
      headers: { Origin: shopUrl() },
      data: {
        productname: name,
        price: "20.00",
        catagory: "womans",
        description: "A scarf that sells out.",
        image: "/demo/products/silk-bow-blouse.svg",
        stock: 1,
      },
    });
    expect(created.status()).toBe(201);
    const { _id: productId } = (await created.json()) as { _id: string };
    const setStock = (stockOfS: number) =>
      admin.page.request.put(`/api/admin/products/${productId}/variants`, {
        headers: { Origin: shopUrl() },
        data: {
          options: [{ name: "Size", values: ["S", "M"] }],
          variants: [
            { options: { Size: "S" }, price: "20.00", stock: stockOfS },
            { options: { Size: "M" }, price: "20.00", stock: 3 },
          ],
        },
      });
    expect((await setStock(0)).status()).toBe(200);

    const shopper = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    const { page } = shopper;
    await page.goto(`/aboutproduct/${productId}`);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await page
      .getByRole("group", { name: /^Size/ })
      .locator("label")
      .filter({ hasText: "S" })
      .first()
      .click();
    await page.waitForURL((url) => url.searchParams.get("size") === "S");
    await page.getByRole("button", { name: "Notify me when it is back" }).click();
    await page.getByRole("status").getByText("We will e-mail you once, when it is back in stock.").waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await expectNoSidewaysScroll(page);
    await screenshot(page, "notify-me-375");

    // The owner sees one shopper waiting for S in Low Stock, then restocks it.
    await admin.page.goto("/dashboard/lowstock");
    await admin.page
      .getByRole("list", { name: "Variants shoppers wait for" })
      .getByRole("listitem")
      .filter({ hasText: name })
      .getByText("1 waiting")
      .waitFor();
    await screenshot(admin.page, "notify-me-low-stock-1280");
    expect((await setStock(5)).status()).toBe(200);

    const mail = await waitForMail(
      shopper.email,
      new RegExp(`^${name} \\(S\\) is back in stock$`),
      undefined,
      30_000,
    );
    expect(new URL(mail.link).pathname).toBe(`/aboutproduct/${productId}`);
    await page.goto(mail.link);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    await Promise.all([admin.context.close(), shopper.context.close()]);
  });
});

describe("the wishlist", () => {
  it("at 375 px: the heart saves a product with its size, the Wishlist page moves it to the bag; a share link shows it read-only until revoked", async () => {
    const admin = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
    const name = `Wished Scarf ${Date.now()}`;
    const created = await admin.page.request.post("/api/addproduct", {
      headers: { Origin: shopUrl() },
      data: {
        productname: name,
        price: "30.00",
        catagory: "womans",
        description: "A scarf to wish for.",
        image: "/demo/products/silk-bow-blouse.svg",
        stock: 4,
      },
    });
    const { _id: productId } = (await created.json()) as { _id: string };
    await admin.page.request.put(`/api/admin/products/${productId}/variants`, {
      headers: { Origin: shopUrl() },
      data: {
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [
          { options: { Size: "S" }, price: "30.00", stock: 2 },
          { options: { Size: "M" }, price: "30.00", stock: 2 },
        ],
      },
    });
    await admin.context.close();

    const shopper = await openAsShopper(browser, { viewport: VIEWPORTS.mobile });
    const { page } = shopper;
    await page.goto(`/aboutproduct/${productId}?size=M`);
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    const heart = page.getByRole("button", { name: `Save ${name} to your wishlist` });
    await heart.click();
    await page.waitForFunction(
      (label) =>
        document.querySelector(`button[aria-label="${label}"]`)?.getAttribute("aria-pressed") === "true",
      `Save ${name} to your wishlist`,
    );

    await page.goto("/dashboard/wishlist");
    const item = page.getByRole("list", { name: "Wishlist" }).getByRole("listitem").filter({ hasText: name });
    await item.getByText("Same price as when you saved it").waitFor();
    await item.getByText("2 in stock").waitFor();
    await page.getByRole("button", { name: "Make a share link" }).click();
    const shareLink = await page.getByLabel("Share link").inputValue();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await expectNoSidewaysScroll(page);
    await screenshot(page, "wishlist-375");

    const visitor = await newPage(browser, { viewport: VIEWPORTS.mobile });
    await visitor.page.goto(shareLink);
    await visitor.page.getByRole("list", { name: "Wishlist" }).getByText(name).waitFor();
    expect(await visitor.page.getByRole("button", { name: /Move .* to the bag/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Revoke the link" }).click();
    await page.getByRole("button", { name: "Make a share link" }).waitFor();
    await visitor.page.reload();
    await visitor.page.getByText("This wishlist is not shared, or its link was revoked").first().waitFor();

    await item.getByRole("button", { name: `Move ${name} to the bag` }).click();
    await page.getByText("Your wishlist is empty").waitFor();
    const bag = (await (await page.request.get("/api/wishlist")).json()) as { items: unknown[] };
    expect(bag.items).toEqual([]);
    await page.goto("/cart");
    await page.getByRole("main").getByText(name).locator("visible=true").first().waitFor();
    await page.getByRole("main").getByText("Size: M").locator("visible=true").first().waitFor();
    await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
    await screenshot(page, "wishlist-moved-to-bag-375");
    await Promise.all([shopper.context.close(), visitor.context.close()]);
  });
});

describe("the heart on catalogue cards", () => {
  for (const [size, viewport] of [
    ["1280", VIEWPORTS.desktop],
    ["375", VIEWPORTS.mobile],
  ] as const) {
    it(`at ${size} px: a signed-in shopper saves a product from its card and takes it off again`, async () => {
      const admin = await openAsAdmin(browser, { viewport: VIEWPORTS.desktop });
      const name = `Carded Cap ${size} ${Date.now()}`;
      const created = await admin.page.request.post("/api/addproduct", {
        headers: { Origin: shopUrl() },
        data: {
          productname: name,
          price: "12.00",
          catagory: "mans",
          description: "A cap to save from the list.",
          image: "/demo/products/silk-bow-blouse.svg",
          stock: 3,
        },
      });
      const { _id: productId } = (await created.json()) as { _id: string };
      await admin.context.close();

      const shopper = await openAsShopper(browser, { viewport });
      const { page } = shopper;
      await page.goto(`/products?q=${encodeURIComponent(name)}`);
      const card = page.getByRole("article", { name });
      const heart = card.getByRole("button", { name: `Save ${name} to your wishlist` });
      await heart.waitFor();
      expect(await heart.getAttribute("aria-pressed")).toBe("false");
      // A tap target of its own: at least 24 px, overlapping no other control of the card.
      const box = (await heart.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
      for (const other of await card.locator("a, button").all()) {
        if ((await other.getAttribute("aria-label"))?.startsWith("Save ")) continue;
        const otherBox = await other.boundingBox();
        if (!otherBox) continue;
        const overlaps =
          box.x < otherBox.x + otherBox.width &&
          otherBox.x < box.x + box.width &&
          box.y < otherBox.y + otherBox.height &&
          otherBox.y < box.y + box.height;
        expect(overlaps, await other.innerText()).toBe(false);
      }
      await heart.click();
      await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
      const saved = (await (await page.request.get("/api/wishlist")).json()) as {
        items: { productId: string }[];
      };
      expect(saved.items.map((item) => item.productId)).toContain(productId);
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(page, `wishlist-card-heart-${size}`);

      await heart.click();
      await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("false");
      const after = (await (await page.request.get("/api/wishlist")).json()) as {
        items: { productId: string }[];
      };
      expect(after.items.map((item) => item.productId)).not.toContain(productId);
      await shopper.context.close();
    });
  }
});

describe("bag reminders", () => {
  for (const [size, viewport] of [
    ["1280", VIEWPORTS.desktop],
    ["375", VIEWPORTS.mobile],
  ] as const) {
    it(`at ${size} px: off until the shopper ticks the box on the Account page, and off again when unticked`, async () => {
      const shopper = await openAsShopper(browser, { viewport });
      const { page } = shopper;
      await page.goto("/dashboard/account");
      const reminders = page.getByRole("region", { name: "Reminders" });
      const box = reminders.getByRole("checkbox", {
        name: /E-mail me once when I leave something in my bag/,
      });
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await page.getByText("Bag reminders on").waitFor();
      const setting = async () =>
        ((await (await page.request.get("/api/account/bag-reminders")).json()) as { optedIn: boolean })
          .optedIn;
      expect(await setting()).toBe(true);
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await expectNoSidewaysScroll(page);
      await screenshot(page, `bag-reminders-${size}`);
      await page.reload();
      await box.waitFor();
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await page.getByText("Bag reminders off").waitFor();
      expect(await setting()).toBe(false);
      await shopper.context.close();
    });
  }
});
