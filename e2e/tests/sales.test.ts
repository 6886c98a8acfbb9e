import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { expectNoAxeViolations } from "../support/page-checks";
import { shopUrl } from "../support/shop-url";
import { openAsAdmin, openAsShopper } from "../support/shopper";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SIZES = [
  ["375", VIEWPORTS.mobile],
  ["1280", VIEWPORTS.desktop],
] as const;

const field = (page: Page, label: string) =>
  page.getByRole("form", { name: "Checkout" }).getByLabel(label, { exact: true });

/** A datetime-local value `seconds` from now in the browser's time zone, as the owner would type it. */
const localTimeFromNow = (page: Page, seconds: number) =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, seconds);

describe("a sale on a schedule", () => {
  for (const [size, viewport] of SIZES) {
    it(`at ${size} px: the owner schedules a sale and sees it start; a shopper filters On sale, sees the struck price in the bag, and the order mail shows it`, async () => {
      const name = `Sale Linen Coat ${size} ${Date.now()}`;
      const admin = await openAsAdmin(browser, { viewport });
      const created = await admin.page.request.post("/api/addproduct", {
        headers: { Origin: shopUrl() },
        data: {
          productname: name,
          price: "100.00",
          catagory: "womans",
          description: "A coat for the sale.",
          image: "/demo/products/silk-bow-blouse.svg",
          stock: 10,
        },
      });
      expect(created.status()).toBe(201);
      const { _id: productId } = (await created.json()) as { _id: string };

      // The owner: a sale price and a start a few seconds ahead, in Manage Products.
      await admin.page.goto(`/dashboard/manageproduct?edit=${productId}`);
      const editor = admin.page.getByRole("region", { name: "Sizes and colours" });
      await editor.getByLabel("Sale price of Default").fill("70.00");
      await editor.getByLabel("Sale starts").fill(await localTimeFromNow(admin.page, 6));
      await expectNoAxeViolations(admin.page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(admin.page, `sales-admin-${size}`);
      const [saved] = await Promise.all([
        admin.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/variants")),
        editor.getByRole("button", { name: "Save sizes and colours" }).click(),
      ]);
      expect(saved.status()).toBe(200);

      // Before the start the product page shows the regular price; it shows the sale from the
      // start on, with no restart (the shop's own timer drops its cached answers).
      await admin.page.goto(`/aboutproduct/${productId}`);
      const main = admin.page.getByRole("main");
      await main.getByText("$ 100.00 each").waitFor();
      expect(await main.getByTestId("sale-price").count()).toBe(0);
      await expect
        .poll(
          async () => {
            await admin.page.reload();
            await main.getByRole("heading", { name, level: 1 }).waitFor();
            return main.getByTestId("sale-price").count();
          },
          { timeout: 20_000, interval: 1_500 },
        )
        .toBe(1);
      await main.getByText("Was $ 100.00, now $ 70.00, 30 % off").waitFor({ state: "attached" });
      await admin.context.close();

      // A shopper ticks "On sale": the coat is there with the old price struck through.
      const { context, page } = await openAsShopper(browser, { viewport });
      const shopper = await (await page.request.get("/api/auth/get-session")).json();
      await page.goto(`/products?q=${encodeURIComponent(name)}`);
      const filters =
        size === "375"
          ? await (async () => {
              await page.getByRole("button", { name: /^Filters/ }).click();
              return page.getByRole("dialog", { name: "Filters" });
            })()
          : page.getByRole("complementary", { name: "Filters" });
      await filters.getByRole("checkbox", { name: /^On sale 1 product$/ }).check();
      await page.waitForURL((url) => url.searchParams.get("onSale") === "1");
      if (size === "375") await filters.getByRole("button", { name: /^Show 1 product$/ }).click();
      const card = page.getByRole("article", { name });
      await card.getByText("Was $ 100.00, now $ 70.00, 30 % off").waitFor({ state: "attached" });
      expect(await card.locator("s").innerText()).toBe("$ 100.00");
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(page, `sales-on-sale-filter-${size}`);

      // The bag: the sale price, the old one struck through.
      const added = await page.request.put(`/api/cart/${productId}`, {
        headers: { Origin: shopUrl() },
        data: { quantity: 1 },
      });
      expect(added.status()).toBe(200);
      const line = (await added.json()) as { _id: string };
      await page.goto("/cart");
      const inBag = page.getByRole("main").getByTestId("sale-price").filter({ visible: true });
      await inBag.first().waitFor();
      expect(await inBag.first().locator("s").innerText()).toBe("$ 100.00");
      await expectNoAxeViolations(page, { include: "main", wcagOnly: true, seriousOnly: true });
      await screenshot(page, `sales-bag-${size}`);

      // Checkout charges the sale price; the order mail shows the was price.
      await page.goto(`/checkout?line=${line._id}`);
      await field(page, "Address").fill("12 Harbour Road");
      await field(page, "City").fill("Dhaka");
      await field(page, "Phone No.").fill("+8801711000000");
      await field(page, "Card number").fill("4242 4242 4242 4242");
      await field(page, "Expiry date").fill("12/39");
      await field(page, "CVC").fill("123");
      const [placed] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/orders")),
        page
          .getByRole("form", { name: "Checkout" })
          .getByRole("button", { name: /^Pay \$/ })
          .click(),
      ]);
      expect(placed.status()).toBe(201);
      const order = (await placed.json()) as {
        number: number;
        lines: { price: number; compareAtPrice: number }[];
      };
      expect(order.lines[0]).toMatchObject({ price: 70, compareAtPrice: 100 });
      await context.close();

      const owner = await openAsAdmin(browser, { viewport });
      await expect
        .poll(
          async () => {
            const mails = (await (await owner.page.request.get("/api/admin/mails?limit=50")).json()) as {
              _id: string;
              recipient: string;
              kind: string;
            }[];
            const mail = mails.find(
              (entry) => entry.recipient === shopper.user.email && entry.kind === "order-confirmation",
            );
            if (!mail) return "";
            const detail = (await (await owner.page.request.get(`/api/admin/mails/${mail._id}`)).json()) as {
              text: string;
            };
            return detail.text;
          },
          { timeout: 15_000 },
        )
        .toContain(`@ $70.00 (was $100.00, −30 %)`);
      await owner.context.close();
    });
  }
});
