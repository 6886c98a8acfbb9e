import { readFile } from "node:fs/promises";
import path from "node:path";
import { asc, count, desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Language } from "@shop/contract/languages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { collections, products } from "../db/schema";
import type { CatalogueIndex } from "../products/catalogue-index";
import { findProductDetail, listProducts } from "../products/service";
import { collectionQueryOf, findCollectionBySlug } from "../collections/service";
import { collectionSlugSchema } from "@shop/contract/collections";
import { shownToShoppersSql } from "../products/visibility";
import {
  allProductsHead,
  CATEGORY_PAGES,
  categoryHead,
  collectionHead,
  collectionPath,
  productHead,
  productPath,
  languageAlternates,
  withHead,
  withHomeHead,
  withCurrencyMark,
  withPublicCatalogueMark,
  type PageHead,
} from "./page-head";

/** The sitemap protocol's limit of addresses per file; more products make a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_CACHE_SECONDS = 3_600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PRODUCT_PAGE = /^\/aboutproduct\/([^/]+)\/?$/;
const COLLECTION_PAGE = /^\/collections\/([^/]+)\/?$/;
/** A collection's page shows this many products first: its ItemList names them. */
const COLLECTION_HEAD_PRODUCTS = 8;

/** Pages anyone may open whatever the setting (web/src/app/router.tsx's public routes). */
const ALWAYS_PUBLIC_PATHS = ["/", "/blog"];
/** Pages the setting opens to anonymous visitors besides the product pages. */
const CATALOGUE_PATHS = ["/products", ...Object.keys(CATEGORY_PAGES)];
/** Signed-in pages: never worth crawling. */
const PRIVATE_PATHS = ["/api/", "/cart", "/checkout", "/dashboard"];

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

function urlSet(urls: { loc: string; lastmod?: Date }[]) {
  const entries = urls.map(
    (url) =>
      `<url><loc>${xmlEscape(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod.toISOString()}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(locations: string[]) {
  const entries = locations.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export function robotsTxt(config: Pick<Config, "baseUrl" | "publicCatalogue">) {
  const disallowed = config.publicCatalogue
    ? PRIVATE_PATHS
    : [...PRIVATE_PATHS, ...CATALOGUE_PATHS, "/aboutproduct/", "/collections/", "/review"];
  return [
    "# Generated from PUBLIC_CATALOGUE: the catalogue is crawlable only when anyone may browse it.",
    "User-agent: *",
    ...disallowed.map((pathPrefix) => `Disallow: ${pathPrefix}`),
    "",
    `Sitemap: ${config.baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * robots.txt, the sitemap (an index of several files past 50,000 addresses) and, with
 * PUBLIC_CATALOGUE, product and category pages whose head (title, description, canonical link,
 * Open Graph, Twitter, JSON-LD) the server fills in, so link previews and crawlers read them
 * without running the app. The SPA still renders the page as before.
 */
export function registerSeo(
  app: FastifyInstance,
  {
    config,
    db,
    catalogueIndex,
    sitemapMaxUrls = SITEMAP_MAX_URLS,
  }: {
    config: Config;
    db: Db;
    catalogueIndex: CatalogueIndex;
    /** Addresses per sitemap file: the protocol's 50,000; tests split a smaller catalogue. */
    sitemapMaxUrls?: number;
  },
) {
  /** Read once: index.html changes only with a new build, which is a new process. */
  let indexHtml: Promise<string> | undefined;
  /** The pages besides the products': fixed ones and, with a public catalogue, each collection. */
  const pageUrls = async () => [
    ...[...ALWAYS_PUBLIC_PATHS, ...(config.publicCatalogue ? CATALOGUE_PATHS : [])].map((pagePath) => ({
      loc: `${config.baseUrl}${pagePath === "/" ? "/" : pagePath}`,
    })),
    ...(config.publicCatalogue ? await collectionUrls() : []),
  ];

  async function collectionUrls() {
    const rows = await db
      .select({ slug: collections.slug, updatedAt: collections.updatedAt })
      .from(collections)
      .orderBy(asc(collections.slug));
    return rows.map((row) => ({
      loc: `${config.baseUrl}${collectionPath(row.slug)}`,
      lastmod: row.updatedAt,
    }));
  }

  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robotsTxt(config)),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", `public, max-age=${SITEMAP_CACHE_SECONDS}`);
    const pages = await pageUrls();
    if (!config.publicCatalogue) return reply.send(urlSet(pages));
    const [row] = await db.select({ total: count() }).from(products).where(shownToShoppersSql(new Date()));
    const total = row?.total ?? 0;
    if (total + pages.length <= sitemapMaxUrls) {
      return reply.send(urlSet([...pages, ...(await productUrls(0, total))]));
    }
    const productFiles = Math.ceil(total / sitemapMaxUrls);
    return reply.send(
      sitemapIndex([
        `${config.baseUrl}/sitemap-pages.xml`,
        ...Array.from(
          { length: productFiles },
          (_, index) => `${config.baseUrl}/sitemap-products-${index + 1}.xml`,
        ),
      ]),
    );
  });

  app.get("/sitemap-pages.xml", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").send(urlSet(await pageUrls())),
  );

  app.get<{ Params: { file: string } }>(
    "/sitemap-products-:file",
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^([1-9]\d{0,4})\.xml$/.exec(request.params.file);
      if (!config.publicCatalogue || !match) return reply.callNotFound();
      const urls = await productUrls((Number(match[1]) - 1) * sitemapMaxUrls, sitemapMaxUrls);
      if (urls.length === 0) return reply.callNotFound();
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", `public, max-age=${SITEMAP_CACHE_SECONDS}`)
        .send(urlSet(urls));
    },
  );

  async function productUrls(offset: number, limit: number) {
    const rows = await db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      // Drafts, archived and scheduled products are not for search engines yet (decision 046).
      .where(shownToShoppersSql(new Date()))
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({ loc: `${config.baseUrl}${productPath(row.id)}`, lastmod: row.updatedAt }));
  }

  /** The head of the page at `urlPath`, or undefined for a page without its own; 404 for no product. */
  async function headOf(
    urlPath: string,
    language: Language,
    search: string,
  ): Promise<{ head?: PageHead; status: number }> {
    const productId = PRODUCT_PAGE.exec(urlPath)?.[1];
    if (productId !== undefined) {
      const product = UUID.test(productId)
        ? await findProductDetail(db, productId.toLowerCase(), Date.now(), { for: "shoppers" })
        : undefined;
      return product
        ? { head: productHead(config.baseUrl, product, language), status: 200 }
        : { status: 404 };
    }
    const slug = COLLECTION_PAGE.exec(urlPath)?.[1];
    if (slug !== undefined) return collectionHeadOf(slug, language);
    const pagePath = urlPath.replace(/\/+$/, "");
    const category = CATEGORY_PAGES[pagePath];
    if (category || pagePath === "/products") {
      const { items } = await listProducts(
        db,
        { category: category?.category, limit: 1, offset: 0 },
        catalogueIndex,
      );
      // A search or filter in the address lists other products first (`lang` lists the same).
      const listedAsBuilt = [...new URLSearchParams(search).keys()].every((name) => name === "lang");
      return {
        head: category
          ? categoryHead(config.baseUrl, pagePath, items[0]?.image, language, listedAsBuilt)
          : allProductsHead(config.baseUrl, items[0]?.image, language, listedAsBuilt),
        status: 200,
      };
    }
    return { status: 200 };
  }

  /** A collection's head, or 404 for an address no collection has (the page says so too). */
  async function collectionHeadOf(
    slug: string,
    language: Language,
  ): Promise<{ head?: PageHead; status: number }> {
    const valid = collectionSlugSchema.safeParse(slug);
    const collection = valid.success ? await findCollectionBySlug(db, valid.data) : undefined;
    if (!collection) return { status: 404 };
    const query = await collectionQueryOf(
      db,
      collection,
      { limit: COLLECTION_HEAD_PRODUCTS, offset: 0, now: Date.now() },
      catalogueIndex,
    );
    const { items } = await listProducts(db, query, catalogueIndex);
    return { head: collectionHead(config.baseUrl, collection, items, language), status: 200 };
  }

  return {
    /**
     * index.html for the SPA's page at `urlPath` in `language`: the home page's title and
     * description in it; with PUBLIC_CATALOGUE, marked so the app opens the catalogue to visitors
     * and, for product and category pages, with their head in it.
     */
    async renderIndex(
      webRoot: string,
      urlPath: string,
      language: Language = "en",
      search = "",
    ): Promise<{ status: number; html: string } | undefined> {
      // US dollars, English and a closed catalogue: the file as built (the app's defaults).
      if (!config.publicCatalogue && config.shopCurrency === "USD" && language === "en") return undefined;
      indexHtml ??= readFile(path.join(webRoot, "index.html"), "utf8");
      const marked = withCurrencyMark(withHomeHead(await indexHtml, language), config.shopCurrency);
      if (!config.publicCatalogue) return { status: 200, html: marked };
      const html = withPublicCatalogueMark(marked, config.guestCheckout);
      const { head, status } = await headOf(urlPath, language, search);
      if (!head) return { status, html };
      const alternates = languageAlternates(head.canonicalUrl, config.languages);
      return { status, html: withHead(html, { ...head, alternates }) };
    },
  };
}
