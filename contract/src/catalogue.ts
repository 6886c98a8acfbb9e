import { z } from "zod";
import { CATEGORIES, PRICE_RANGES, PRODUCT_SORTS, PRODUCT_STATUSES } from "./catalogue-constants";
import { fitsMinorUnits } from "./currency";

export { CATEGORIES, PRICE_RANGES, PRODUCT_SORTS, PRODUCT_STATUSES };
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export type ProductStatus = z.infer<typeof productStatusSchema>;

export const productSchema = z.object({
  _id: z.uuid(),
  productname: z.string(),
  /**
   * Dollars with at most two decimals; stored as integer cents. With variants: the lowest
   * variant price (cards show "From $X" when `priceMax` is higher).
   */
  price: z.number(),
  /** The dearest variant's price; equal to `price` when all cost the same. */
  priceMax: z.number(),
  /**
   * While a sale runs: the regular ("was") price of the variant `price` is the sale price of;
   * null when nothing is on sale (then `price` is the regular price).
   */
  compareAtPrice: z.number().nullable(),
  /** The largest saving of any variant on sale now, in whole percent ("up to −30 %"); 0: none. */
  savingPercent: z.number().int().min(0).max(100),
  /** When the running sale ends (ISO time), or null (no sale, or no end set). */
  saleEndsAt: z.string().nullable(),
  /** How many variants; above 1 a size or colour must be chosen before adding to the bag. */
  variantCount: z.number().int(),
  catagory: categorySchema,
  description: z.string(),
  /** The main image. */
  image: z.string(),
  /** Units available (all variants together); 0 means out of stock (cannot be added or bought). */
  stock: z.number().int(),
  /** Visible product reviews; 0 when none. */
  ratingCount: z.number().int(),
  /** Their average stars, rounded to one decimal; 0 when there are none. */
  ratingAverage: z.number(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * The line under a reviewer's name. SPEC captions every testimonial 'Developer'; that stays on
 * the demo testimonials only. A real review shows the reviewer's city, kept with the review when
 * it is written, or 'Verified buyer' without one.
 */
export const REVIEW_CAPTIONS = { demo: "Developer", verifiedBuyer: "Verified buyer" } as const;

export const reviewSchema = z.object({
  _id: z.uuid(),
  review: z.string(),
  name: z.string(),
  image: z.string(),
  /** Shown under the name: a city, 'Verified buyer', or 'Developer' on the demo testimonials. */
  caption: z.string(),
  /** Written by a shopper through the shop (the demo testimonials are not). */
  verified: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Lists answer an array and carry the full count in this header. */
export const TOTAL_COUNT_HEADER = "x-total-count";
export const MAX_PAGE_SIZE = 100;

export const listQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const productSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof productSortSchema>;

const MAX_FILTER_PRICE = 1_000_000;
const priceBoundSchema = z.coerce.number().min(0).max(MAX_FILTER_PRICE).refine(fitsMinorUnits);
const flagSchema = z.enum(["true", "false", "1", "0"]).transform((flag) => flag === "true" || flag === "1");

/** A size or colour as the filter names it ("M", "42", "Black"); matched exactly. */
const optionValueFilterSchema = z.string().trim().min(1).max(40);

/**
 * The filters of a product list besides `q` and the category: a price range (dollars, `minPrice`
 * inclusive, `maxPrice` exclusive), a size, a colour and in-stock only. Size, colour and stock
 * hold for one variant together: `size=42&colour=Black&inStock=true` is a product whose black
 * 42 is in stock, not one with some black and some 42 in stock.
 */
export const productFilterFields = {
  /** Absent: best match first when `q` is given (decision 035), else newest first. */
  sort: productSortSchema.optional(),
  minPrice: priceBoundSchema.optional(),
  maxPrice: priceBoundSchema.optional(),
  size: optionValueFilterSchema.optional(),
  colour: optionValueFilterSchema.optional(),
  inStock: flagSchema.optional(),
  /** Only products on a sale that runs now (`onSale=1`). */
  onSale: flagSchema.optional(),
};

/** Rejects a price range whose end comes before its start. */
export const checkPriceRange = (query: { minPrice?: number | undefined; maxPrice?: number | undefined }) =>
  query.minPrice === undefined || query.maxPrice === undefined || query.minPrice < query.maxPrice;
export const PRICE_RANGE_MESSAGE = "maxPrice must be greater than minPrice.";

const facetCountSchema = z.number().int().min(0);

/**
 * How many products each filter value would leave, given `q` and every other filter (a value's
 * own dimension is left out, so the shopper sees what choosing another value would give).
 */
export const productFacetsSchema = z.object({
  /** Products matching `q` and every filter. */
  total: facetCountSchema,
  categories: z.array(z.object({ value: categorySchema, count: facetCountSchema })),
  priceRanges: z.array(
    z.object({ min: z.number().nullable(), max: z.number().nullable(), count: facetCountSchema }),
  ),
  /**
   * The sizes of the products matching `q` and the category, in size order, each with how many
   * products choosing it would leave; 0: none at this price, colour or stock.
   */
  sizes: z.array(z.object({ value: z.string(), count: facetCountSchema })),
  /** The colours likewise, alphabetically. */
  colours: z.array(z.object({ value: z.string(), count: facetCountSchema })),
  /** Products left when "in stock only" is on. */
  inStock: facetCountSchema,
  /** Products left when "on sale" is on. */
  onSale: facetCountSchema,
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;
