import { z } from "zod";

/** Wire names keep SPEC's spelling ("catagory", "mans", "womans"). */
export const CATEGORIES = ["mans", "shoes", "womans", "gadgets"] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  _id: z.uuid(),
  productname: z.string(),
  /** Dollars with at most two decimals; stored as integer cents. */
  price: z.number(),
  catagory: categorySchema,
  description: z.string(),
  image: z.string(),
  /** Units available; 0 means out of stock (cannot be added or bought). */
  stock: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const reviewSchema = z.object({
  _id: z.uuid(),
  review: z.string(),
  name: z.string(),
  image: z.string(),
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
