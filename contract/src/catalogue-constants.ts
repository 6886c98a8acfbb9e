/**
 * The catalogue's plain constants, without zod: the web app imports these (and only types from
 * ./catalogue), so the catalogue pages do not pull the schemas into the browser.
 */

/** Wire names keep SPEC's spelling ("catagory", "mans", "womans"). */
export const CATEGORIES = ["mans", "shoes", "womans", "gadgets"] as const;

/**
 * Orders a product list can take. Every order falls back on newest first (then id), so paging
 * never overlaps. `rating` is the exact average of visible reviews (none counts as 0), then
 * how many reviews; `best-selling` is units sold in paid, shipped or delivered orders.
 */
export const PRODUCT_SORTS = ["newest", "price-asc", "price-desc", "best-selling", "rating"] as const;

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
