/**
 * The catalogue's plain constants, without zod: the web app imports these (and only types from
 * ./catalogue), so the catalogue pages do not pull the schemas into the browser.
 */

/** Wire names keep SPEC's spelling ("catagory", "mans", "womans"). */
export const CATEGORIES = ["mans", "shoes", "womans", "gadgets"] as const;

/**
 * Where a product stands (decision 046): a draft is being prepared, an active product is for sale
 * (from its publish time, when it has one), an archived one is no longer sold. Shoppers, search,
 * facets and the sitemap see active products whose publish time has come; orders keep showing
 * what they hold whatever its status.
 */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;

/**
 * Orders a product list can take. Every order falls back on newest first (then id), so paging
 * never overlaps. `rating` is the exact average of visible reviews (none counts as 0), then
 * how many reviews; `best-selling` is units sold in paid, shipped or delivered orders; `saving` is
 * the largest saving in percent of a sale running now (products not on sale after, newest first).
 */
export const PRODUCT_SORTS = [
  "newest",
  "price-asc",
  "price-desc",
  "best-selling",
  "rating",
  "saving",
] as const;

/**
 * The price ranges the filter panel offers (dollars; `min` inclusive, `max` exclusive, null:
 * open). Any other `minPrice`/`maxPrice` pair is accepted too.
 */
export const PRICE_RANGES: ReadonlyArray<{ min: number | null; max: number | null }> = [
  { min: null, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: 200 },
  { min: 200, max: null },
];

/**
 * The option names a list filters by (a product's options are the admin's to name; these are
 * matched without regard to case). A product without such an option has no size or colour, so a
 * size or colour filter leaves it out.
 */
export const SIZE_OPTION_NAMES = ["size"] as const;
export const COLOUR_OPTION_NAMES = ["colour", "color"] as const;

const CLOTHING_SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/**
 * How size values are listed: clothing sizes smallest first, then numeric sizes (shoes) in
 * number order, then any other value alphabetically.
 */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const clothing = CLOTHING_SIZE_ORDER.indexOf(size.toUpperCase());
    if (clothing !== -1) return [0, clothing] as const;
    const number = Number(size);
    if (size.trim() !== "" && Number.isFinite(number)) return [1, number] as const;
    return [2, 0] as const;
  };
  const [groupA, orderA] = rank(a);
  const [groupB, orderB] = rank(b);
  return groupA - groupB || orderA - orderB || a.localeCompare(b);
}
