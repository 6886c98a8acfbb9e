import type { Category } from "@shop/contract/catalogue";
import type { ProductDetail } from "@shop/contract/variants";
import { plainAmount, shopCurrency } from "@shop/contract/currency";
import { decimalsOf } from "@shop/contract/currency-decimals";
import { PRODUCT_CARD_IMAGE_SIZES, PRODUCT_PAGE_IMAGE_SIZES, uploadSrcSet } from "@shop/contract/images";
import type { Language } from "@shop/contract/languages";
import { serverMessages } from "../i18n/messages";
import bn from "./messages/bn.json";
import en from "./messages/en.json";

/** Page titles, descriptions and breadcrumbs the server writes, per language (decision 041). */
const seoMessages = serverMessages({ en, bn });

/** The shop's name as pages and previews show it (web/src/app/layout/top-bar.tsx's Brand). */
export const SHOP_NAME = "Trendsetters";
/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

type CategoryName = "women" | "men" | "shoes" | "gadgets";

/** The category pages, by path: the SPA's routes (web/src/config/paths.ts); their words in the catalogue. */
export const CATEGORY_PAGES: Record<string, { category: Category; name: CategoryName }> = {
  "/women": { category: "womans", name: "women" },
  "/man": { category: "mans", name: "men" },
  "/shoes": { category: "shoes", name: "shoes" },
  "/gadget": { category: "gadgets", name: "gadgets" },
};

/** A category page's label and description in `language`. */
export function categoryWords(pagePath: string, language: Language = "en") {
  const t = seoMessages(language);
  const { name } = CATEGORY_PAGES[pagePath]!;
  return {
    label: t(`seo.category.${name}.label`),
    description: t(`seo.category.${name}.description`),
  };
}

/** "Linen Dress | Trendsetters": a page's title in `language`. */
const titleOf = (page: string, language: Language) =>
  seoMessages(language)("seo.title", { page, shop: SHOP_NAME });
const homeCrumb = (language: Language) => ({ name: seoMessages(language)("seo.breadcrumb.home"), path: "/" });

export const CATEGORY_PATH_OF: Record<Category, string> = Object.fromEntries(
  Object.entries(CATEGORY_PAGES).map(([pagePath, page]) => [page.category, pagePath]),
) as Record<Category, string>;

export const productPath = (id: string) => `/aboutproduct/${id}`;

/** What a page's head says about it: title, description, address, image and structured data. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute. */
  canonicalUrl: string;
  /** Absolute. */
  imageUrl?: string | undefined;
  imageAlt?: string | undefined;
  ogType: "website" | "product";
  /**
   * The page's largest picture, a path on this shop: preloaded from the head, so the browser
   * fetches it while the app's JavaScript loads instead of after (the page's LCP).
   */
  preloadImage?: string | undefined;
  /** The `sizes` the page draws that picture with (a product page's main picture unless given). */
  preloadImageSizes?: string | undefined;
  /** JSON-LD objects, each becomes one <script type="application/ld+json">. */
  structuredData: object[];
  /** The page in each language the shop offers (hreflang; decision 041), when it offers several. */
  alternates?: { hreflang: string; url: string }[] | undefined;
}

/** The page's address in each of `languages` (`?lang=`), and the address without one as x-default. */
export function languageAlternates(
  canonicalUrl: string,
  languages: readonly string[],
): PageHead["alternates"] {
  if (languages.length < 2) return undefined;
  const inLanguage = (language: string) => {
    const url = new URL(canonicalUrl);
    url.searchParams.set("lang", language);
    return url.toString();
  };
  return [
    ...languages.map((language) => ({ hreflang: language, url: inLanguage(language) })),
    { hreflang: "x-default", url: canonicalUrl },
  ];
}

/** A picture's path when it is served by this shop (an admin may enter an external URL). */
const sameOriginPath = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? url : undefined);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a <script>: `<` escaped, so no text can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, "\\u003c");

const absolute = (baseUrl: string, url: string) => new URL(url, `${baseUrl}/`).toString();

function shortened(text: string) {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_LENGTH / 2))}…`;
}

function breadcrumbs(baseUrl: string, trail: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absolute(baseUrl, step.path),
    })),
  };
}

/** schema.org's properties for the options a shop's products vary by; others stay unnamed. */
const VARIES_BY: Record<string, string> = {
  size: "https://schema.org/size",
  colour: "https://schema.org/color",
  color: "https://schema.org/color",
};

const offerOf = (url: string, price: number, stock: number) => ({
  "@type": "Offer",
  url,
  // schema.org wants a plain number with the currency's decimals ("1250" for JPY, "12.500" for KWD).
  price: plainAmount(price),
  priceCurrency: shopCurrency().code,
  availability: stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  itemCondition: "https://schema.org/NewCondition",
});

/**
 * A product's JSON-LD: a Product with its Offer, or, with sizes or colours, a ProductGroup whose
 * variants are Products of their own, each with its Offer, its address (the page with that choice
 * made, `?size=M&colour=Navy`) and its size and colour, as Google documents for variants.
 */
export function productHead(baseUrl: string, product: ProductDetail, language: Language = "en"): PageHead {
  const canonicalUrl = absolute(baseUrl, productPath(product._id));
  const imageUrl = absolute(baseUrl, product.image);
  const category = categoryWords(CATEGORY_PATH_OF[product.catagory], language);
  const rating =
    product.ratingCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.ratingAverage,
            reviewCount: product.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {};
  const common = {
    "@context": "https://schema.org",
    "@id": `${canonicalUrl}#product`,
    name: product.productname,
    description: product.description,
    image: [imageUrl],
    category: category.label,
    url: canonicalUrl,
    brand: { "@type": "Brand", name: SHOP_NAME },
  };
  const hasVariants = product.variants.length > 1;
  const structuredProduct = hasVariants
    ? {
        ...common,
        "@type": "ProductGroup",
        productGroupID: product._id,
        variesBy: product.options.flatMap((option) => VARIES_BY[option.name.toLowerCase()] ?? []),
        hasVariant: product.variants.map((variant) => {
          const choice = new URLSearchParams(
            Object.entries(variant.options).map(([name, value]): [string, string] => [
              name.toLowerCase(),
              value,
            ]),
          );
          const variantUrl = `${canonicalUrl}?${choice.toString()}`;
          const size = Object.entries(variant.options).find(([name]) => name.toLowerCase() === "size")?.[1];
          const color = Object.entries(variant.options).find(
            ([name]) => VARIES_BY[name.toLowerCase()] === "https://schema.org/color",
          )?.[1];
          return {
            "@type": "Product",
            "@id": `${variantUrl}#variant`,
            sku: variant._id,
            name: `${product.productname} (${Object.values(variant.options).join(", ")})`,
            image: [absolute(baseUrl, variant.images[0] ?? product.image)],
            url: variantUrl,
            ...(size ? { size } : {}),
            ...(color ? { color } : {}),
            offers: offerOf(variantUrl, variant.price, variant.stock),
          };
        }),
        ...rating,
      }
    : {
        ...common,
        "@type": "Product",
        sku: product._id,
        offers: offerOf(canonicalUrl, product.price, product.stock),
        ...rating,
      };
  return {
    title: titleOf(product.productname, language),
    description: shortened(product.description),
    canonicalUrl,
    imageUrl,
    imageAlt: product.productname,
    ogType: "product",
    // The gallery's first picture, as the page shows it before a size or colour is chosen.
    preloadImage: sameOriginPath(product.images[0]?.url ?? product.image),
    structuredData: [
      structuredProduct,
      breadcrumbs(baseUrl, [
        homeCrumb(language),
        { name: category.label, path: CATEGORY_PATH_OF[product.catagory] },
        { name: product.productname, path: productPath(product._id) },
      ]),
    ],
  };
}

/**
 * A list page's first card's picture, its LCP on a phone, preloaded as the card draws it; only
 * when the list is the page's own (no search or filter in the address, which would change it).
 */
function firstCardPreload(firstImage: string | undefined, preload: boolean) {
  const path = preload && firstImage !== undefined ? sameOriginPath(firstImage) : undefined;
  return path ? { preloadImage: path, preloadImageSizes: PRODUCT_CARD_IMAGE_SIZES } : {};
}

export function categoryHead(
  baseUrl: string,
  pagePath: string,
  firstImage: string | undefined,
  language: Language = "en",
  preloadFirstImage = false,
): PageHead {
  const page = categoryWords(pagePath, language);
  return {
    title: titleOf(page.label, language),
    description: page.description,
    canonicalUrl: absolute(baseUrl, pagePath),
    imageUrl: firstImage === undefined ? undefined : absolute(baseUrl, firstImage),
    imageAlt: page.label,
    ...firstCardPreload(firstImage, preloadFirstImage),
    ogType: "website",
    structuredData: [breadcrumbs(baseUrl, [homeCrumb(language), { name: page.label, path: pagePath }])],
  };
}

export function allProductsHead(
  baseUrl: string,
  firstImage: string | undefined,
  language: Language = "en",
  preloadFirstImage = false,
): PageHead {
  const t = seoMessages(language);
  return {
    title: titleOf(t("seo.allProducts.label"), language),
    description: t("seo.allProducts.description"),
    canonicalUrl: absolute(baseUrl, "/products"),
    imageUrl: firstImage === undefined ? undefined : absolute(baseUrl, firstImage),
    imageAlt: t("seo.allProducts.imageAlt"),
    ...firstCardPreload(firstImage, preloadFirstImage),
    ogType: "website",
    structuredData: [
      breadcrumbs(baseUrl, [homeCrumb(language), { name: t("seo.allProducts.label"), path: "/products" }]),
    ],
  };
}

export const collectionPath = (slug: string) => `/collections/${slug}`;

/**
 * A collection's page: its title and description, its picture (else its first product's), and
 * an ItemList of the products it shows first, as schema.org describes a summary page.
 */
export function collectionHead(
  baseUrl: string,
  collection: { slug: string; title: string; description: string; image: string | null },
  firstProducts: { _id: string; image: string }[],
  language: Language = "en",
): PageHead {
  const canonicalUrl = absolute(baseUrl, collectionPath(collection.slug));
  const image = collection.image ?? firstProducts[0]?.image;
  // The owner's title and description as written; the words around them in the page's language.
  const description =
    shortened(collection.description) ||
    seoMessages(language)("seo.collection.description", { title: collection.title, shop: SHOP_NAME });
  return {
    title: titleOf(collection.title, language),
    description,
    canonicalUrl,
    imageUrl: image === undefined ? undefined : absolute(baseUrl, image),
    imageAlt: collection.title,
    ogType: "website",
    structuredData: [
      {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        "@id": canonicalUrl,
        name: collection.title,
        description,
        url: canonicalUrl,
        mainEntity: {
          "@type": "ItemList",
          itemListElement: firstProducts.map((product, index) => ({
            "@type": "ListItem",
            position: index + 1,
            url: absolute(baseUrl, productPath(product._id)),
          })),
        },
      },
      breadcrumbs(baseUrl, [
        homeCrumb(language),
        { name: collection.title, path: collectionPath(collection.slug) },
      ]),
    ],
  };
}

/**
 * index.html with the page's head: its <title> and meta description replace the app's defaults,
 * the canonical link, Open Graph and Twitter tags and the JSON-LD go before </head>.
 */
export function withHead(indexHtml: string, head: PageHead): string {
  const srcset = head.preloadImage ? uploadSrcSet(head.preloadImage) : undefined;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    ...(head.alternates ?? []).map(
      ({ hreflang, url }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(url)}" />`,
    ),
    ...(head.preloadImage
      ? [
          `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}"${
            srcset
              ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${head.preloadImageSizes ?? PRODUCT_PAGE_IMAGE_SIZES}"`
              : ""
          } fetchpriority="high" />`,
        ]
      : []),
    `<meta property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonicalUrl)}" />`,
    ...(head.imageUrl
      ? [
          `<meta property="og:image" content="${escapeHtml(head.imageUrl)}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt ?? head.title)}" />`,
          `<meta name="twitter:image" content="${escapeHtml(head.imageUrl)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${head.imageUrl ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  // Function replacements: a replacement string would expand `$'`, `$&` … in the product's text.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace("</head>", () => `${tags.join("\n    ")}\n  </head>`);
}

/**
 * index.html for a page without a head of its own (the home page, and what the app routes on the
 * client) in `language`: the home page's title and description and the no-script note from the
 * catalogue. English keeps the file's own, which are the same words.
 */
export function withHomeHead(indexHtml: string, language: Language): string {
  if (language === "en") return indexHtml;
  const t = seoMessages(language);
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(t("seo.home.title"))}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(t("seo.home.description"))}" />`,
    )
    .replace(/<noscript>[\s\S]*?<\/noscript>/, () => `<noscript>${escapeHtml(t("seo.noscript"))}</noscript>`);
}

/** Tells the SPA that catalogue pages are public (web/src/app/router.tsx reads it). */
export const PUBLIC_CATALOGUE_META = '<meta name="shop:public-catalogue" content="true" />';

/** GUEST_CHECKOUT: signed-out visitors keep a guest bag (web/src/lib/cart.ts reads it). */
export const GUEST_CHECKOUT_META = '<meta name="shop:guest-checkout" content="true" />';

export const withPublicCatalogueMark = (indexHtml: string, guestCheckout = false) =>
  indexHtml.replace(
    "</head>",
    () => `${PUBLIC_CATALOGUE_META}\n  ${guestCheckout ? `${GUEST_CHECKOUT_META}\n  ` : ""}</head>`,
  );

/**
 * Tells the SPA the shop's currency when it is not US dollars (web/src/lib/shop-currency.ts reads
 * it): in the page itself, so prices are right on first paint without another request.
 */
export const withCurrencyMark = (indexHtml: string, currency: string) =>
  currency === "USD"
    ? indexHtml
    : indexHtml.replace(
        "</head>",
        () =>
          `<meta name="shop:currency" content="${currency}" data-decimals="${decimalsOf(currency)}" />\n  </head>`,
      );
