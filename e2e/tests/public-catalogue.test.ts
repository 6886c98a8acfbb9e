import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { VIEWPORTS } from "../support/browser";
import { copyShopTemplate, freePort, startShop, type ShopProcess } from "../support/server-process";
import { expectCount, productCards } from "../support/storefront";
import { expectNoAxeViolations } from "../support/page-checks";

/**
 * PUBLIC_CATALOGUE=true on a shop of its own (embedded database, demo catalogue): a visitor who
 * never signed in browses, filters and opens a product; adding to the bag asks to sign in; the
 * page's head, as curl gets it, carries its title, description, image and JSON-LD.
 */
let shop: ShopProcess;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-public-"));
  await copyShopTemplate(dataDir);
  // The shop's public origin is the address the browser uses (cookies, the origin check, og:image).
  const port = await freePort();
  shop = await startShop({
    DATA_DIR: dataDir,
    PUBLIC_CATALOGUE: "true",
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
  });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a public catalogue", () => {
  it("lets a visitor filter a category and open a product, and asks to sign in to add it to the bag", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, baseURL: shop.baseUrl });
    await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
    const page = await context.newPage();
    // A visitor's pages ask only for what a visitor may see: no 401 in the console (Lighthouse).
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.goto("/shoes?sort=price-asc&inStock=1");
    await expectCount(productCards(page), 8);
    expect(new URL(page.url()).pathname).toBe("/shoes");
    const first = productCards(page).first();
    const name = await first.getByRole("heading").innerText();
    await first.getByRole("link", { name, exact: true }).click();
    await page.waitForURL(/\/aboutproduct\//);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expectNoAxeViolations(page, { seriousOnly: true });
    await page
      .getByRole("heading", { name: /reviews/i })
      .first()
      .waitFor();
    expect(refused).toEqual([]);
    // Shoes come in sizes: a visitor picks one in stock, then adding asks them to sign in.
    const sizes = page.getByRole("group", { name: /^Size/ });
    await sizes
      .locator("label")
      .filter({ has: page.getByRole("radio", { disabled: false }) })
      .first()
      .click();
    await page.getByRole("button", { name: "Add to shopping bag" }).click();
    await page.getByText("Please Log in First").waitFor();
    // The rest of the shop still needs an account.
    await page.goto("/cart");
    await page.waitForURL(/\/login\?redirectTo=/);
    await context.close();
  });

  it("answers a product page with its head for a client that runs no JavaScript", async () => {
    const products = (await (await fetch(`${shop.baseUrl}/api/products?limit=48`)).json()) as {
      _id: string;
      productname: string;
      variantCount: number;
    }[];
    const jsonLdTypes = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (match) => (JSON.parse(match[1]!) as { "@type": string })["@type"],
      );
    const product = products.find((candidate) => candidate.variantCount === 1)!;
    const html = await (await fetch(`${shop.baseUrl}/aboutproduct/${product._id}`)).text();
    expect(html).toContain(`<title>${product.productname} | Trendsetters</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${shop.baseUrl}/demo/[^"]+" />`));
    expect(jsonLdTypes(html)).toEqual(["Product", "BreadcrumbList"]);
    // A product in sizes: a ProductGroup with a Product and an Offer per size.
    const sized = products.find((candidate) => candidate.variantCount > 1)!;
    const sizedHtml = await (await fetch(`${shop.baseUrl}/aboutproduct/${sized._id}`)).text();
    expect(jsonLdTypes(sizedHtml)).toEqual(["ProductGroup", "BreadcrumbList"]);
    const robots = await (await fetch(`${shop.baseUrl}/robots.txt`)).text();
    expect(robots).not.toContain("Disallow: /aboutproduct/");
  });
});
