import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";

/**
 * The head the server writes (title, description, breadcrumbs) in the page's language, with
 * SHOP_LANGUAGES=en,bn (decision 041); the owner's product names stay as written.
 */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Trendsetters: clothing, shoes, watches and gadgets</title>
    <meta
      name="description"
      content="Shop women's and men's clothing, shoes, watches and gadgets. Browse by category, search the catalogue and order in a few clicks."
    />
  </head>
  <body>
    <noscript>This shop needs JavaScript to run. Please enable it in your browser.</noscript>
    <div id="root"></div>
  </body>
</html>`;

let open: TestContext;
let closed: TestContext;
let productId: string;

beforeAll(async () => {
  const webRoot = await mkdtemp(path.join(tmpdir(), "shop-web-"));
  await writeFile(path.join(webRoot, "index.html"), INDEX_HTML);
  open = await createTestApp({
    webRoot,
    config: {
      languages: ["en", "bn"],
      defaultLanguage: "en",
      publicCatalogue: true,
      baseUrl: "https://shop.example",
    },
  });
  closed = await createTestApp({ webRoot, config: { languages: ["en", "bn"], defaultLanguage: "en" } });
  productId = await insertProduct(open.database.db, { name: "Harbour Watch", category: "womans" });
  await open.app.catalogueChanged();
}, 60_000);
afterAll(async () => {
  await open.close();
  await closed.close();
});

const page = async (context: TestContext, url: string, headers: Record<string, string> = {}) => {
  const response = await context.app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  return response.body;
};
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1];

describe("the page head's language", () => {
  it("writes a category page's title and description in Bengali for ?lang=bn, in English without", async () => {
    const bengali = await page(open, "/women?lang=bn");
    expect(titleOf(bengali)).toBe("নারী | Trendsetters");
    expect(descriptionOf(bengali)).toBe(
      "নারীদের জন্য ড্রেস, ব্লাউজ, স্কার্ট, হ্যান্ডব্যাগ ও ঘড়ি: এই মৌসুমের, স্টকে আছে।",
    );
    expect(bengali).toContain('<meta property="og:title" content="নারী | Trendsetters" />');
    expect(bengali).toContain('"name":"হোম"');

    const english = await page(open, "/women");
    expect(titleOf(english)).toBe("Women | Trendsetters");
    expect(descriptionOf(english)).toBe(
      "Dresses, blouses, skirts, handbags and watches for women, in season and in stock.",
    );
  });

  it("follows the cookie and Accept-Language as the page does: All products, a product's breadcrumbs", async () => {
    const all = await page(open, "/products", { "accept-language": "bn-BD" });
    expect(titleOf(all)).toBe("সব পণ্য | Trendsetters");
    const product = await page(open, `/aboutproduct/${productId}`, { cookie: "shop_lang=bn" });
    // The owner's name as written; the words around it in Bengali.
    expect(titleOf(product)).toBe("Harbour Watch | Trendsetters");
    expect(product).toContain('"name":"নারী"');
    expect(product).toContain('"name":"হোম"');
  });

  it("gives the home page, and pages without a head of their own, the home's Bengali title, description and no-script note", async () => {
    for (const context of [open, closed]) {
      const home = await page(context, "/?lang=bn");
      expect(titleOf(home)).toBe("Trendsetters: পোশাক, জুতা, ঘড়ি ও গ্যাজেট");
      expect(descriptionOf(home)).toMatch(/^নারী ও পুরুষের পোশাক/);
      expect(home).toContain('<html lang="bn"');
      expect(home).toContain("<noscript>এই দোকান চালাতে জাভাস্ক্রিপ্ট লাগে।");
      // English: the file as built.
      const english = await page(context, "/");
      expect(titleOf(english)).toBe("Trendsetters: clothing, shoes, watches and gadgets");
      expect(english).toContain("Shop women's and men's clothing");
      expect(english).toContain("<noscript>This shop needs JavaScript to run.");
    }
  });
});
