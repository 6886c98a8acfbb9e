import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot, VIEWPORTS } from "../support/browser";
import { openAsShopper } from "../support/shopper";
import { DEMO, expectCount, loadLazyImages } from "../support/storefront";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("/review", () => {
  it("shows 'Testimonials', 'What our client says' and every review with the 'Developer' caption", async () => {
    const { context, page } = await openAsShopper(browser);
    await page.goto("/review");
    await page.getByRole("heading", { name: "What our client says", level: 1 }).waitFor();
    await page.getByRole("main").getByText("Testimonials", { exact: true }).waitFor();
    const reviews = page.getByRole("main").getByRole("figure");
    await expectCount(reviews, DEMO.reviews);
    expect(await page.getByRole("main").getByText("Developer", { exact: true }).count()).toBe(DEMO.reviews);
    await context.close();
  });
});

describe("/blog", () => {
  it("shows 'This Week Blogs' with six cards, each with an image, a title, a date and an excerpt", async () => {
    // The blog is public: no sign-in.
    const { context, page } = await newPage(browser, { viewport: VIEWPORTS.mobile });
    await page.goto("/blog");
    await page.getByRole("heading", { name: "This Week Blogs", level: 1 }).waitFor();
    const posts = page.getByRole("main").getByRole("article");
    await expectCount(posts, 6);
    for (const post of await posts.all()) {
      expect(await post.locator("img").getAttribute("src")).toMatch(/^\/demo\//);
      expect(await post.getByRole("heading", { level: 2 }).innerText()).not.toBe("");
      expect(await post.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await post.locator("p").last().innerText()).not.toBe("");
    }
    await loadLazyImages(page);
    await screenshot(page, "storefront-blog-375");
    await context.close();
  });
});
