import { readFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import type { ProductDetail } from "@shop/contract/variants";
import { beforeAll, describe, expect, it } from "vitest";
import { productHead, SHOP_NAME, withHead } from "./page-head";

/**
 * Property: whatever text an owner gives a product (replacement patterns such as `$'`, markup,
 * comment openers, line separators, lone surrogates, 10 KB names), the page keeps one head: one
 * <title> that reads the name, one description, one #root, and JSON-LD that parses to the name.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const BASE_URL = "https://shop.example.com";

let indexHtml: string;
beforeAll(async () => {
  // The app's real index.html, as the build copies it (its body has comments and an inline SVG).
  indexHtml = await readFile(path.join(import.meta.dirname, "../../../web/index.html"), "utf8");
});

/** The pieces a hostile name is made of: every replacement pattern, markup and odd code points. */
const hostilePiece = fc.oneof(
  fc.constantFrom(
    "$'",
    "$`",
    "$&",
    "$$",
    "$",
    "$0",
    "$1",
    "$<name>",
    "Save $5 & more",
    "</script>",
    "<script>alert(1)</script>",
    "<!--",
    "-->",
    "</title>",
    "<title>",
    '<div id="root">',
    "</head>",
    '<meta name="description" content="x" />',
    "'",
    '"',
    "&",
    "&amp;",
    "\u2028",
    "\u2029",
    "\ud800",
    "\udfff",
    "\udc00\ud800",
    "\u0000",
    "\n",
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 12 }),
);
const hostileText = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.array(hostilePiece, { minLength: 1, maxLength: 12 }).map((parts) => parts.join("")),
  },
  // 10 KB and more of the patterns that expand most.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("$'", "$`$&", "</script><!--", "\u2028\ud800")
      .map((p) => p.repeat(5_000 / p.length + 1)),
  },
);

/** A variant at its regular price, no sale running. */
const NO_SALE = { price: 24.9, compareAtPrice: null, savingPercent: 0, salePrice: null };

function productOf(name: string, description: string, optionValues: string[]): ProductDetail {
  const base = {
    _id: "6f1c2f7e-8d2a-4c51-9c55-0c7f1b2f3a4d",
    productname: name,
    price: 24.9,
    priceMax: 24.9,
    compareAtPrice: null,
    savingPercent: 0,
    saleStartsAt: null,
    status: "active" as const,
    publishAt: null,
    saleEndsAt: null,
    catagory: "mans" as const,
    description,
    image: "/uploads/0b6f5c1e-2a49-4f7e-9f7a-2b8a3c4d5e6f.webp",
    stock: 3,
    ratingCount: 0,
    ratingAverage: 0,
    images: [{ url: "/uploads/0b6f5c1e-2a49-4f7e-9f7a-2b8a3c4d5e6f.webp", optionValue: null }],
  };
  const values = [...new Set(optionValues)];
  if (values.length < 2)
    return {
      ...base,
      variantCount: 1,
      options: [],
      variants: [{ _id: base._id, options: {}, ...NO_SALE, stock: 3, images: [base.image] }],
    };
  return {
    ...base,
    variantCount: values.length,
    options: [{ name: "Colour", values }],
    variants: values.map((value, index) => ({
      _id: `6f1c2f7e-8d2a-4c51-9c55-${String(index).padStart(12, "0")}`,
      options: { Colour: value },
      ...NO_SALE,
      stock: index,
      images: [base.image],
    })),
  };
}

const count = (text: string, part: string) => text.split(part).length - 1;
const decodeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The head's own parts, read back the way a browser's tokenizer finds them. */
function readBack(html: string) {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as { name?: string; "@type": string },
  );
  return { title: title === undefined ? undefined : decodeHtml(title), jsonLd };
}

describe("the server-rendered head of a product page (withHead)", () => {
  it("keeps one <title>, one description, one #root and parseable JSON-LD whatever the product's text", () => {
    fc.assert(
      fc.property(
        hostileText,
        hostileText,
        fc.array(hostileText, { maxLength: 3 }),
        (name, description, optionValues) => {
          const html = withHead(indexHtml, productHead(BASE_URL, productOf(name, description, optionValues)));
          expect(count(html, "<title")).toBe(1);
          expect(count(html, 'id="root"')).toBe(1);
          expect(count(html, "</head>")).toBe(1);
          expect(count(html, 'name="description"')).toBe(1);
          // Everything from </head> on is the page's own: nothing leaked into the body.
          expect(html.slice(html.indexOf("</head>"))).toBe(indexHtml.slice(indexHtml.indexOf("</head>")));
          const { title, jsonLd } = readBack(html);
          expect(title).toBe(`${name} | ${SHOP_NAME}`);
          expect(jsonLd).toHaveLength(2);
          expect(jsonLd[0]!.name).toBe(name);
          expect(jsonLd[0]!["@type"]).toBe(
            optionValues.length >= 2 && new Set(optionValues).size >= 2 ? "ProductGroup" : "Product",
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each([
    ["$'", "a name whose $' once copied the rest of the page into the title"],
    ["Save $5 & more $` $&", "the text an owner writes"],
    ["O'Neill $'", "an apostrophe, which escapes to &#39; and used to turn $' into $&"],
  ])("reads %s back exactly as the owner wrote it (%s)", (name) => {
    const html = withHead(indexHtml, productHead(BASE_URL, productOf(name, name, [])));
    const { title, jsonLd } = readBack(html);
    expect(title).toBe(`${name} | ${SHOP_NAME}`);
    expect(jsonLd[0]!.name).toBe(name);
    expect(count(html, "<title")).toBe(1);
  });
});
