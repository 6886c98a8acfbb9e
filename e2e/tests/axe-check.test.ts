import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "../support/browser";
import { axeViolations } from "../support/page-checks";

/**
 * The check every accessibility test relies on (support/page-checks.ts) finds what it must: on a
 * page without frames (checked in place) and inside a frame (checked frame by frame).
 */
describe("the axe check", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser)).page;
  });
  afterAll(() => browser.close());

  const document = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;
  const image = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";

  it("finds nothing on a clean page", async () => {
    await page.setContent(document(`<p>Plain text.</p><img src="${image}" alt="A dot">`));
    expect(await axeViolations(page)).toEqual([]);
  });

  it("finds an image without a text alternative and faint text on a page without frames", async () => {
    await page.setContent(
      document(`<img src="${image}"><p style="color: #d0d0d0; background: #ffffff">Faint text.</p>`),
    );
    expect(page.frames()).toHaveLength(1);
    const found = await axeViolations(page);
    expect(found.map((line) => line.split(":")[0])).toEqual(["color-contrast", "image-alt"]);
  });

  it("finds an image without a text alternative inside a frame", async () => {
    const framed = `<!doctype html><html lang="en"><title>Framed</title><img src="${image}">`.replaceAll(
      '"',
      "&quot;",
    );
    await page.setContent(document(`<iframe title="Framed" srcdoc="${framed}"></iframe>`));
    await expect.poll(() => page.frames().length).toBe(2);
    await page.frames()[1]!.waitForSelector("img");
    const found = await axeViolations(page);
    expect(found).toEqual(["image-alt: Images must have alternative text (iframe img)"]);
  });
});
