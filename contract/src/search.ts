import { z } from "zod";
import { categorySchema } from "./catalogue";

/** A group of terms a shopper may use for the same thing ("tee", "t-shirt"): any finds the others. */
export const synonymTermSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/[\p{L}\p{N}]/u, "A term needs a letter or a digit.");

export const synonymGroupBodySchema = z.object({
  terms: z
    .array(synonymTermSchema)
    .min(2, "A group needs at least two terms.")
    .max(20)
    .refine((terms) => new Set(terms.map((term) => term.toLowerCase())).size === terms.length, {
      message: "Each term once.",
    }),
});
export type SynonymGroupBody = z.infer<typeof synonymGroupBodySchema>;

export const synonymGroupSchema = synonymGroupBodySchema.extend({ _id: z.uuid() });
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;

/** A character range [start, end) of a product name that matched the query. */
const highlightSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const SUGGESTION_LIMIT = 5;
/** At most this many collections among the suggestions. */
export const COLLECTION_SUGGESTION_LIMIT = 3;

/** What the header search shows while the shopper types. */
export const searchSuggestionsSchema = z.object({
  /** The query as answered (trimmed). */
  q: z.string(),
  /** How many products match, all pages together. */
  total: z.number().int().min(0),
  /** The best matches, at most SUGGESTION_LIMIT. */
  products: z.array(
    z.object({
      _id: z.uuid(),
      productname: z.string(),
      price: z.number(),
      priceMax: z.number(),
      image: z.string(),
      catagory: categorySchema,
      /** The parts of the name that matched, in order. */
      highlights: z.array(highlightSchema),
    }),
  ),
  /** Collections whose title holds every word of the query (typos and synonyms as for names). */
  collections: z.array(
    z.object({ slug: z.string(), title: z.string(), highlights: z.array(highlightSchema) }),
  ),
  /** Categories holding matches, most matches first. */
  categories: z.array(z.object({ value: categorySchema, count: z.number().int().min(1) })),
  /** With no match: the closest query that has some, or null. */
  didYouMean: z.string().nullable(),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const suggestQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });
