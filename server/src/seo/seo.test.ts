import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { productVariantsInputSchema } from "@shop/contract/variants";
import { PRODUCT_CARD_IMAGE_SIZES, uploadSrcSet } from "@shop/contract/images";
import { products } from "../db/schema";
import { seedLargeCatalogue } from "../db/large-catalogue";
import { withHead } from "./page-head";
import { withLanguage } from "../plugins/web-app";
import { replaceVariants } from "../products/variants";
import { SITEMAP_MAX_URLS } from "./routes";
import { collectionBodySchema } from "@shop/contract/collections";
import { createCollection, setCollectionProducts } from "../collections/service";

const SITEMAP_FILE_URLS = 500;

/** The real index.html's head, as the build writes it (the server rewrites its title and description). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Trendsetters: clothing, shoes, watches and gadgets</title>
    <meta
      name="description"
      content="Shop women's and men's clothing."
    />
  </head>
  <body><div id="root"></div></body>
</html>`;

const BASE_URL = "https://shop.example.com";
let webRoot: string;
let open: TestContext;
let closed: TestContext;
let productId: string;
let soldOutId: string;
let sneakerId: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "shop-web-"));
  await writeFile(path.join(webRoot, "index.html"), INDEX_HTML);
  // Sitemap files of SITEMAP_FILE_URLS addresses, not the protocol's 50,000: the same split on a
  // catalogue a test can seed in a second.
  open = await createTestApp({
    webRoot,
    config: { publicCatalogue: true, baseUrl: BASE_URL },
    sitemapMaxUrls: SITEMAP_FILE_URLS,
  });
  closed = await createTestApp({ webRoot, config: { publicCatalogue: false, baseUrl: BASE_URL } });
  productId = await insertProduct(open.database.db, {
    name: `Harbour "Dive" Watch <200 m>`,
    description: "A 200 m dive watch with a ceramic bezel & a sapphire crystal. ".repeat(5),
    priceCents: 24990,
    category: "mans",
    image: "/demo/products/harbour-dive-watch.svg",
    stock: 3,
  });
  soldOutId = await insertProduct(open.database.db, { name: "Sold Out Sandal", category: "shoes", stock: 0 });
  // Two sizes in two colours, one of them sold out and one dearer.
  sneakerId = await insertProduct(open.database.db, { name: "Court Sneaker", category: "shoes" });
  await replaceVariants(
    open.database.db,
    sneakerId,
    productVariantsInputSchema.parse({
      options: [
        { name: "Size", values: ["41", "42"] },
        { name: "Colour", values: ["White", "Navy"] },
      ],
      variants: ["41", "42"].flatMap((size) =>
        ["White", "Navy"].map((colour) => ({
          options: { Size: size, Colour: colour },
          price: colour === "Navy" ? "84.00" : "79.00",
          stock: size === "42" && colour === "Navy" ? 0 : 5,
        })),
      ),
    }),
  );
  await open.app.catalogueChanged();
}, 60_000);
afterAll(async () => {
  await open.close();
  await closed.close();
});

const get = (context: TestContext, url: string) => context.app.inject({ method: "GET", url });

/** Every tag of the page's head, as attribute maps. */
function metaTags(html: string) {
  return [...html.matchAll(/<(meta|link)\s([^>]*?)\s*\/?>/g)].map((match) =>
    Object.fromEntries([...match[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((attr) => [attr[1], attr[2]])),
  );
}
const contentOf = (html: string, key: string, value: string) =>
  metaTags(html).find((tag) => tag[key] === value)?.content;
const decode = (text: string | undefined) =>
  text?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );
}

/**
 * The schema.org types the pages emit, with what schema.org and Google's product rich results
 * require of them: an absolute URL where a URL goes, ItemAvailability and OfferItemCondition
 * members, an ISO 4217 currency and a plain decimal price.
 */
const absoluteUrl = z.url({ protocol: /^https?$/ });
const offerSchema = z.strictObject({
  "@type": z.literal("Offer"),
  url: absoluteUrl,
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  availability: z.enum(["https://schema.org/InStock", "https://schema.org/OutOfStock"]),
  itemCondition: z.literal("https://schema.org/NewCondition"),
});
const productLdSchema = z.strictObject({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Product"),
  "@id": absoluteUrl,
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.array(absoluteUrl).min(1),
  sku: z.string().min(1),
  category: z.string().min(1),
  url: absoluteUrl,
  brand: z.strictObject({ "@type": z.literal("Brand"), name: z.string().min(1) }),
  offers: offerSchema,
  aggregateRating: z
    .strictObject({
      "@type": z.literal("AggregateRating"),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().min(1),
      bestRating: z.literal(5),
      worstRating: z.literal(1),
    })
    .optional(),
});
/** A product with sizes or colours: a ProductGroup whose variants are Products with an Offer each. */
const productGroupLdSchema = productLdSchema.omit({ "@type": true, sku: true, offers: true }).extend({
  "@type": z.literal("ProductGroup"),
  productGroupID: z.string().min(1),
  variesBy: z.array(z.enum(["https://schema.org/size", "https://schema.org/color"])).min(1),
  hasVariant: z
    .array(
      z.strictObject({
        "@type": z.literal("Product"),
        "@id": absoluteUrl,
        sku: z.string().min(1),
        name: z.string().min(1),
        image: z.array(absoluteUrl).min(1),
        url: absoluteUrl,
        size: z.string().min(1).optional(),
        color: z.string().min(1).optional(),
        offers: offerSchema,
      }),
    )
    .min(2),
});
const breadcrumbSchema = z.strictObject({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("BreadcrumbList"),
  itemListElement: z
    .array(
      z.strictObject({
        "@type": z.literal("ListItem"),
        position: z.number().int().min(1),
        name: z.string().min(1),
        item: absoluteUrl,
      }),
    )
    .min(1)
    .refine((items) => items.every((item, index) => item.position === index + 1), "positions count from 1"),
});

describe("product pages with PUBLIC_CATALOGUE=true", () => {
  it("carry the title, description, canonical link, Open Graph and Twitter tags with the image", async () => {
    const response = await get(open, `/aboutproduct/${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html).toContain("<title>Harbour &#34;Dive&#34; Watch &#60;200 m&#62; | Trendsetters</title>");
    // The app's own description is replaced, not repeated.
    expect(metaTags(html).filter((tag) => tag.name === "description")).toHaveLength(1);
    const description = decode(contentOf(html, "name", "description"))!;
    expect(description.startsWith("A 200 m dive watch with a ceramic bezel & a sapphire crystal.")).toBe(
      true,
    );
    expect(description.length).toBeLessThanOrEqual(160);
    const canonical = `${BASE_URL}/aboutproduct/${productId}`;
    expect(metaTags(html).find((tag) => tag.rel === "canonical")?.href).toBe(canonical);
    expect(contentOf(html, "property", "og:type")).toBe("product");
    expect(contentOf(html, "property", "og:url")).toBe(canonical);
    expect(contentOf(html, "property", "og:image")).toBe(`${BASE_URL}/demo/products/harbour-dive-watch.svg`);
    expect(contentOf(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(contentOf(html, "name", "twitter:image")).toBe(`${BASE_URL}/demo/products/harbour-dive-watch.svg`);
    // The main picture is fetched from the head, not after the app has loaded and asked for the product.
    const preload = metaTags(html).find((tag) => tag.rel === "preload");
    expect(preload).toMatchObject({
      as: "image",
      href: "/demo/products/harbour-dive-watch.svg",
      fetchpriority: "high",
    });
    expect(decode(contentOf(html, "property", "og:title"))).toBe(
      `Harbour "Dive" Watch <200 m> | Trendsetters`,
    );
    // The app is told that visitors may browse the catalogue.
    expect(contentOf(html, "name", "shop:public-catalogue")).toBe("true");
    // Nothing in a product's text can close the JSON-LD script early.
    expect(html).not.toContain("<200 m>");
  });

  it("keep one title, one #root and parseable JSON-LD for a product whose text holds $ patterns and markup", async () => {
    const name = "Save $5 & more $' $` $& </script><!-- \u2028";
    const id = await insertProduct(open.database.db, {
      name,
      description: `O'Neill $' ${name}`,
      category: "mans",
    });
    const html = (await get(open, `/aboutproduct/${id}`)).body;
    expect(html.split("<title").length - 1).toBe(1);
    expect(html.split('id="root"').length - 1).toBe(1);
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1])).toBe(`${name} | Trendsetters`);
    expect(decode(contentOf(html, "name", "description"))).toBe(
      `O'Neill $' ${name}`.replace(/\s+/g, " ").trim(),
    );
    const [product] = jsonLd(html);
    expect(productLdSchema.parse(product).name).toBe(name);
    // Gone again: the sitemap test counts the products beforeAll made.
    await open.database.db.delete(products).where(eq(products.id, id));
  });

  it("carry valid JSON-LD: a Product with one Offer (price, currency, availability) and a BreadcrumbList", async () => {
    const [product, breadcrumbs] = jsonLd((await get(open, `/aboutproduct/${productId}`)).body);
    const parsedProduct = productLdSchema.parse(product);
    expect(parsedProduct.name).toBe(`Harbour "Dive" Watch <200 m>`);
    expect(parsedProduct.offers).toMatchObject({
      price: "249.90",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
    expect(breadcrumbSchema.parse(breadcrumbs).itemListElement.map((item) => [item.name, item.item])).toEqual(
      [
        ["Home", `${BASE_URL}/`],
        ["Men", `${BASE_URL}/man`],
        [`Harbour "Dive" Watch <200 m>`, `${BASE_URL}/aboutproduct/${productId}`],
      ],
    );

    const [soldOut] = jsonLd((await get(open, `/aboutproduct/${soldOutId}`)).body);
    expect(productLdSchema.parse(soldOut).offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("carry a ProductGroup for a product in sizes and colours: a Product and an Offer per variant, each at its own address", async () => {
    const [group] = jsonLd((await get(open, `/aboutproduct/${sneakerId}`)).body);
    const parsed = productGroupLdSchema.parse(group);
    expect(parsed.variesBy).toEqual(["https://schema.org/size", "https://schema.org/color"]);
    expect(
      parsed.hasVariant.map((variant) => [
        variant.size,
        variant.color,
        variant.offers.price,
        variant.offers.availability,
        variant.url,
      ]),
    ).toEqual(
      [
        ["41", "White", "79.00", "InStock"],
        ["41", "Navy", "84.00", "InStock"],
        ["42", "White", "79.00", "InStock"],
        ["42", "Navy", "84.00", "OutOfStock"],
      ].map(([size, colour, price, availability]) => [
        size,
        colour,
        price,
        `https://schema.org/${availability}`,
        `${BASE_URL}/aboutproduct/${sneakerId}?size=${size}&colour=${colour}`,
      ]),
    );
    // Every variant is its own item: distinct ids and SKUs.
    expect(new Set(parsed.hasVariant.map((variant) => variant.sku)).size).toBe(4);
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1%27%20OR%201%3D1"])(
    "answer 404 (with the app, which shows its not-found page) for the product %s",
    async (id) => {
      const response = await get(open, `/aboutproduct/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root">');
      expect(jsonLd(response.body)).toEqual([]);
    },
  );

  it("give category pages their title, canonical link, image and breadcrumbs", async () => {
    const html = (await get(open, "/shoes?sort=price-asc")).body;
    expect(html).toContain("<title>Shoes | Trendsetters</title>");
    expect(metaTags(html).find((tag) => tag.rel === "canonical")?.href).toBe(`${BASE_URL}/shoes`);
    expect(contentOf(html, "property", "og:image")).toMatch(/^https:\/\/shop\.example\.com\//);
    const [breadcrumbs] = jsonLd(html);
    expect(breadcrumbSchema.parse(breadcrumbs).itemListElement.map((item) => item.name)).toEqual([
      "Home",
      "Shoes",
    ]);
    expect((await get(open, "/products")).body).toContain("<title>All products | Trendsetters</title>");
  });

  it("preload a list page's first card's picture as the card draws it, unless a search or filter changes the list", async () => {
    const [first] = (await get(open, "/api/shoes?catagory=shoes&limit=1&offset=0")).json<
      { image: string }[]
    >();
    for (const address of ["/shoes", "/shoes?lang=en"]) {
      const preload = metaTags((await get(open, address)).body).find((tag) => tag.rel === "preload");
      expect(preload, address).toMatchObject({ as: "image", href: first!.image });
    }
    expect(metaTags((await get(open, "/products")).body).some((tag) => tag.rel === "preload")).toBe(true);
    for (const address of ["/shoes?sort=price-asc", "/products?q=boot"]) {
      const tags = metaTags((await get(open, address)).body);
      expect(
        tags.some((tag) => tag.rel === "preload"),
        address,
      ).toBe(false);
    }
  });

  it("allow the catalogue in robots.txt and name the sitemap", async () => {
    const robots = (await get(open, "/robots.txt")).body;
    expect(robots).toContain("Disallow: /cart");
    expect(robots).not.toContain("Disallow: /products");
    expect(robots).not.toContain("Disallow: /aboutproduct/");
    expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  });

  it("list every product in the sitemap, and past a file's addresses split it under a sitemap index", async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const small = (await get(open, "/sitemap.xml")).body;
    expect(small).toContain("<urlset");
    expect(small).toContain(`<loc>${BASE_URL}/aboutproduct/${productId}</loc>`);
    expect(small).toContain(`<loc>${BASE_URL}/shoes</loc>`);

    await seedLargeCatalogue(open.database.db, SITEMAP_FILE_URLS);
    const index = await get(open, "/sitemap.xml");
    expect(index.body).toContain("<sitemapindex");
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(files).toEqual(["/sitemap-pages.xml", "/sitemap-products-1.xml", "/sitemap-products-2.xml"]);
    const listed = new Set<string>();
    for (const file of files.slice(1)) {
      const body = (await get(open, file)).body;
      for (const match of body.matchAll(/aboutproduct\/([0-9a-f-]{36})<\/loc>/g)) listed.add(match[1]!);
    }
    // The generated ones and the three products beforeAll made.
    expect(listed.size).toBe(SITEMAP_FILE_URLS + 3);
    expect(listed.has(productId)).toBe(true);
    expect((await get(open, "/sitemap-products-3.xml")).statusCode).toBe(404);
    expect((await get(open, "/sitemap-products-x.xml")).statusCode).toBe(404);
  });
});

describe("collection pages with PUBLIC_CATALOGUE=true", () => {
  const owner = { id: "00000000-0000-4000-8000-000000000001", email: "owner@shop.test" };
  let slug: string;

  beforeAll(async () => {
    slug = `summer-picks-${Date.now()}`;
    const collection = await createCollection(
      open.database.db,
      owner,
      collectionBodySchema.parse({
        slug,
        title: "Summer <Picks>",
        description: "Hand-picked for the heat: a dive watch & a sneaker.",
        kind: "manual",
      }),
    );
    await setCollectionProducts(open.database.db, owner, collection._id, [productId, sneakerId]);
    await open.app.catalogueChanged();
  });

  it("carry their title, description, canonical link and an ItemList of their products", async () => {
    const response = await get(open, `/collections/${slug}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain("<title>Summer &#60;Picks&#62; | Trendsetters</title>");
    expect(decode(contentOf(html, "name", "description"))).toBe(
      "Hand-picked for the heat: a dive watch & a sneaker.",
    );
    expect(metaTags(html).find((tag) => tag.rel === "canonical")?.href).toBe(
      `${BASE_URL}/collections/${slug}`,
    );
    // No picture of its own: its first product's.
    expect(contentOf(html, "property", "og:image")).toMatch(/^https:\/\/shop\.example\.com\/demo\//);
    const [page, breadcrumbs] = jsonLd(html) as [
      { "@type": string; name: string; mainEntity: { itemListElement: { position: number; url: string }[] } },
      unknown,
    ];
    expect(page["@type"]).toBe("CollectionPage");
    expect(page.name).toBe("Summer <Picks>");
    expect(page.mainEntity.itemListElement.map((item) => item.url).sort()).toEqual(
      [productId, sneakerId].map((id) => `${BASE_URL}/aboutproduct/${id}`).sort(),
    );
    expect(breadcrumbSchema.parse(breadcrumbs).itemListElement.map((item) => item.name)).toEqual([
      "Home",
      "Summer <Picks>",
    ]);
  });

  it("answer 404 for an address no collection has, a malformed one included", async () => {
    for (const missing of ["/collections/no-such-collection", "/collections/Not%00A%20Slug"]) {
      const response = await get(open, missing);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('id="root"');
      expect(response.body).not.toContain("og:title");
    }
  });

  it("are listed in the sitemap with a public catalogue, and kept out of it and of robots otherwise", async () => {
    // The catalogue seeded above made the sitemap an index: pages and collections are in its first file.
    expect((await get(open, "/sitemap.xml")).body).toContain(`${BASE_URL}/sitemap-pages.xml`);
    const pages = (await get(open, "/sitemap-pages.xml")).body;
    expect(pages).toMatch(new RegExp(`<loc>${BASE_URL}/collections/${slug}</loc><lastmod>`));
    expect((await get(open, "/robots.txt")).body).not.toContain("Disallow: /collections/");
    expect((await get(closed, "/robots.txt")).body).toContain("Disallow: /collections/");
    expect((await get(closed, "/sitemap.xml")).body).not.toContain("/collections/");
  });
});

describe("without PUBLIC_CATALOGUE (SPEC's default)", () => {
  it("serves the app's own index.html for product and category pages, unmarked", async () => {
    const response = await get(closed, `/aboutproduct/${productId}`);
    expect(response.statusCode).toBe(200);
    const indexHtml = await readFile(path.join(webRoot, "index.html"), "utf8");
    expect(response.body).toBe(withLanguage(indexHtml, "en", ["en"]));
    expect((await get(closed, "/shoes")).body).not.toContain("og:title");
  });

  it("keeps the catalogue out of robots.txt and the sitemap", async () => {
    const robots = (await get(closed, "/robots.txt")).body;
    for (const prefix of ["/products", "/shoes", "/aboutproduct/", "/cart"]) {
      expect(robots).toContain(`Disallow: ${prefix}`);
    }
    const sitemap = (await get(closed, "/sitemap.xml")).body;
    expect(sitemap).toContain(`<loc>${BASE_URL}/</loc>`);
    expect(sitemap).not.toContain("/aboutproduct/");
    expect(sitemap).not.toContain("/shoes");
    expect((await get(closed, "/sitemap-products-1.xml")).statusCode).toBe(404);
  });
});

describe("the head's picture preload", () => {
  const INDEX = "<html><head><title>Shop</title></head><body></body></html>";
  const head = {
    title: "A jacket",
    description: "A jacket.",
    canonicalUrl: "https://shop.example.com/aboutproduct/1",
    ogType: "product" as const,
    structuredData: [],
  };

  it("offers an upload's scaled copies with the page's sizes, so the preload is the picture the page takes", () => {
    const upload = "/uploads/7f1c2a34-0000-4000-8000-000000000001.webp";
    const preload = metaTags(withHead(INDEX, { ...head, preloadImage: upload })).find(
      (tag) => tag.rel === "preload",
    );
    expect(preload).toMatchObject({
      as: "image",
      href: upload,
      imagesizes: "(min-width: 1024px) 600px, 100vw",
    });
    expect(preload?.imagesrcset).toBe(uploadSrcSet(upload));
  });

  it("draws a list's first card at the cards' sizes", () => {
    const upload = "/uploads/7f1c2a34-0000-4000-8000-000000000001.webp";
    const list = { ...head, preloadImage: upload, preloadImageSizes: PRODUCT_CARD_IMAGE_SIZES };
    const preload = metaTags(withHead(INDEX, list)).find((tag) => tag.rel === "preload");
    expect(preload?.imagesizes).toBe(PRODUCT_CARD_IMAGE_SIZES);
  });

  it("preloads nothing without a picture of this shop", () => {
    expect(metaTags(withHead(INDEX, head)).some((tag) => tag.rel === "preload")).toBe(false);
  });
});
