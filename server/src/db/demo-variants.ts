import type { ProductVariantsInputParsed } from "@shop/contract/variants";
import type { DemoProduct } from "./demo-types";
import CLOSE_UPS from "./demo-close-ups.json";

/**
 * Sizes, colours and extra pictures of the demo catalogue, so a fresh shop shows all of it:
 * clothing in XS–XL, shoes in EU 36–46, a few products in two or three colours with their own
 * pictures (scripts/generate-variant-images.mjs), larger sizes a little dearer on some, and
 * some sizes sold out. Products not named here keep their one default variant.
 */
const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL"];
const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"];

/** The other colours of some products: colour name -> picture suffix; the first is the product's own. */
const COLOURS: Record<string, readonly (readonly [name: string, suffix: string | null])[]> = {
  "essential-crew-t-shirt": [
    ["Navy", null],
    ["Red", "red"],
    ["Green", "green"],
  ],
  "classic-denim-jacket": [
    ["Blue", null],
    ["Black", "black"],
  ],
  "retro-court-sneaker": [
    ["Blue", null],
    ["Red", "red"],
    ["Green", "green"],
  ],
  "sunny-floral-summer-dress": [
    ["Yellow", null],
    ["Blue", "blue"],
  ],
};
/**
 * Products with a close-up picture after the main one; scripts/generate-variant-images.mjs draws
 * the close-ups from the same list.
 */
const WITH_DETAIL = new Set<string>(CLOSE_UPS);
/** Larger sizes cost more on these (so their cards show "From $X"). */
const DEARER_LARGE_SIZES = new Set([
  "heavyweight-pullover-hoodie",
  "classic-denim-jacket",
  "chelsea-leather-boot",
]);

/** Not clothing with sizes, though listed with the clothes. */
const ONE_SIZE = /handbag|tote|watch/i;

function sizesOf(product: DemoProduct): string[] | undefined {
  if (product.catagory === "shoes") return SHOE_SIZES;
  if ((product.catagory === "mans" || product.catagory === "womans") && !ONE_SIZE.test(product.slug)) {
    return CLOTHING_SIZES;
  }
  return undefined;
}

export interface DemoVariants {
  variants: ProductVariantsInputParsed;
  images: { url: string; optionValue: string | null }[];
}

/** The options, variants and gallery of a demo product; undefined: it keeps its default variant. */
export function demoVariantsOf(product: DemoProduct, index: number): DemoVariants | undefined {
  const sizes = sizesOf(product);
  if (!sizes) return undefined;
  const colours = COLOURS[product.slug];
  const options = [
    { name: "Size", values: sizes },
    ...(colours ? [{ name: "Colour", values: colours.map(([name]) => name) }] : []),
  ];
  const combinations = colours
    ? colours.flatMap(([colour]) => sizes.map((size) => ({ Size: size, Colour: colour })))
    : sizes.map((size) => ({ Size: size }));
  const perVariant = Math.max(1, Math.round(product.stock / sizes.length));
  const variants = combinations.map((combination, position) => {
    const sizeIndex = sizes.indexOf(combination.Size);
    // A sold-out product stays sold out; otherwise a size or two is sold out, varying by product.
    const soldOut = product.stock === 0 || (position + index) % 4 === 1;
    const dearer = DEARER_LARGE_SIZES.has(product.slug) && sizeIndex >= sizes.length - 2;
    return {
      options: combination,
      price: product.priceCents + (dearer ? 500 : 0),
      stock: soldOut ? 0 : perVariant + (sizeIndex % 3),
    };
  });

  const base = product.image.replace(/\.svg$/, "");
  const images = [
    { url: product.image, optionValue: null },
    ...(WITH_DETAIL.has(product.slug) ? [{ url: `${base}--detail.svg`, optionValue: null }] : []),
    ...(colours ?? []).flatMap(([name, suffix]) =>
      suffix ? [{ url: `${base}--${suffix}.svg`, optionValue: name }] : [],
    ),
  ];
  return { variants: { options, variants }, images };
}
