import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { startE2eShop } from "../support/global-setup";
import { shopUrl, useOwnShop } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks";

/**
 * Issue 19, the whole road in Chromium: a shopper buys, the admin marks the order delivered, the
 * shopper reviews the product, the stars show on its card and its page, the admin hides the
 * review and it disappears. At 375 and 1280 px, with axe on each page the road passes.
 */

let browser: Browser;
beforeAll(async () => {
  // Imports and sales here change the catalogue and its stock: not in the shared shop.
  ownShop = await startE2eShop();
  useOwnShop(ownShop);
  browser = await launchBrowser();
});
let ownShop: Awaited<ReturnType<typeof startE2eShop>> | undefined;
afterAll(async () => {
  await browser?.close();
  await ownShop?.stop();
});

const origin = () => ({ Origin: shopUrl() });

const reviewsSection = (page: Page) => page.getByRole("region", { name: "Customer reviews" });
const productCard = (page: Page, name: string) => page.getByRole("article", { name });

describe.each([
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const)("reviews at %s px", (width, viewport) => {
  it("buy, delivered, review, stars on the card and the page, hidden by the admin, gone", async () => {
    const admin = await openAsAdmin(browser, { viewport });
    const shopper = await openAsShopper(browser, { viewport });
    try {
      const productname = `Harbour Reading Lamp ${randomUUID().slice(0, 6)}`;
      const title = `Warm light, solid brass (${width} px)`;
      const created = await admin.context.request.post("/api/addproduct", {
        headers: origin(),
        data: {
          productname,
          price: "39.00",
          catagory: "gadgets",
          description: "A brass reading lamp.",
          image: "/demo/products/essential-crew-t-shirt.svg",
          stock: 20,
        },
      });
      expect(created.status()).toBe(201);
      const productId = ((await created.json()) as { _id: string })._id;

      // Buy it (the checkout page has its own tests) ...
      const line = await shopper.page.request.put(`/api/cart/${productId}`, {
        headers: origin(),
        data: { quantity: 1 },
      });
      const order = await shopper.page.request.post("/api/orders", {
        headers: { ...origin(), "idempotency-key": randomUUID() },
        data: {
          lineIds: [((await line.json()) as { _id: string })._id],
          delivery: { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801711000000" },
          card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
        },
      });
      expect(order.status()).toBe(201);
      const orderId = ((await order.json()) as { _id: string })._id;

      // ... before delivery the product page offers no review form ...
      await shopper.page.goto(`/aboutproduct/${productId}`);
      await reviewsSection(shopper.page).getByText("No reviews yet").waitFor();
      expect(await shopper.page.getByRole("heading", { name: "Write a review" }).count()).toBe(0);

      // ... the admin marks it shipped, then delivered.
      await admin.page.goto(`/dashboard/orders/${orderId}`);
      await admin.page.getByRole("button", { name: "Mark shipped" }).click();
      await admin.page.getByRole("button", { name: "Mark delivered" }).click();
      await admin.page.getByRole("button", { name: "Mark delivered" }).waitFor({ state: "detached" });

      // The shopper reviews it on the product page.
      await shopper.page.goto(`/aboutproduct/${productId}`);
      const form = shopper.page.getByRole("form", { name: `Review ${productname}` });
      await form.waitFor();
      await form.getByRole("button", { name: "Publish review" }).click();
      await form.getByText("Choose from 1 to 5 stars").waitFor();
      await form.getByRole("radio", { name: "4 stars" }).focus();
      await shopper.page.keyboard.press("Space");
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Your review").fill("Reads well at night.\nThe switch is a little stiff.");
      await form.getByRole("button", { name: "Publish review" }).click();
      await reviewsSection(shopper.page).getByText("You reviewed this product.").waitFor();

      // The page: the average under the name, the breakdown and the review, marked verified.
      const section = reviewsSection(shopper.page);
      await section.getByRole("heading", { name: title }).waitFor();
      await section.getByText("Verified purchase").waitFor();
      await shopper.page.getByRole("link", { name: /4\.0\s*1 review/ }).waitFor();
      expect(await section.getByRole("list", { name: "Reviews by stars" }).innerText()).toMatch(
        /4 stars\s*1/,
      );
      await expectNoAxeViolations(shopper.page);
      await expectNoSidewaysScroll(shopper.page);
      await screenshot(shopper.page, `reviews-product-${width}`);

      // The card in the catalogue.
      await shopper.page.goto(`/products?q=${encodeURIComponent(productname)}`);
      await productCard(shopper.page, productname).getByText("4.0 out of 5 stars, 1 review").waitFor();
      await screenshot(shopper.page, `reviews-card-${width}`);

      // My Reviews lists it.
      await shopper.page.goto("/dashboard/review");
      await shopper.page.getByRole("heading", { name: title }).waitFor();
      await expectNoAxeViolations(shopper.page);
      await expectNoSidewaysScroll(shopper.page);
      await screenshot(shopper.page, `reviews-mine-${width}`);

      // The admin hides it, with a reason.
      await admin.page.goto("/dashboard/moderation");
      const item = admin.page.getByRole("article", { name: title });
      await item.waitFor();
      await expectNoAxeViolations(admin.page);
      await expectNoSidewaysScroll(admin.page);
      await screenshot(admin.page, `reviews-moderation-${width}`);
      await item.getByRole("button", { name: /^Hide/ }).click();
      await item.getByText("Reason is Required").waitFor();
      await item.getByLabel("Reason").fill("Test of moderation");
      await item.getByRole("button", { name: /^Hide/ }).click();
      await item.getByRole("button", { name: /^Restore/ }).waitFor();

      // Gone from the page and the card at once; the shopper sees why in My Reviews.
      await shopper.page.goto(`/aboutproduct/${productId}`);
      await reviewsSection(shopper.page).getByText("No reviews yet").waitFor();
      expect(await shopper.page.getByText(title).count()).toBe(0);
      await shopper.page.getByText("No reviews yet").first().waitFor();
      await shopper.page.goto(`/products?q=${encodeURIComponent(productname)}`);
      await productCard(shopper.page, productname).waitFor();
      expect(
        await productCard(shopper.page, productname)
          .getByText(/out of 5 stars/)
          .count(),
      ).toBe(0);
      await shopper.page.goto("/dashboard/review");
      await shopper.page.getByText("Hidden from the shop by an admin: Test of moderation").waitFor();
    } catch (error) {
      await screenshot(shopper.page, `reviews-failed-shopper-${width}`);
      await screenshot(admin.page, `reviews-failed-admin-${width}`);
      throw error;
    } finally {
      await shopper.context.close();
      await admin.context.close();
    }
  });
});
