import { z } from "zod";
import { isAllowedImage } from "./admin";
import { categorySchema } from "./catalogue";
import { fitsMinorUnits } from "./currency";

/**
 * Collections (issue 39, decision 048): products picked by hand (`manual`) or chosen by a rule
 * (`rule`: category, a price range, on sale, the newest N). Prices on the wire are the shop
 * currency's major units, like the catalogue's `minPrice`/`maxPrice`. Tags are not part of a
 * rule: the shop has no product tags.
 */
export const COLLECTION_KINDS = ["manual", "rule"] as const;
export const collectionKindSchema = z.enum(COLLECTION_KINDS);
export type CollectionKind = z.infer<typeof collectionKindSchema>;

export const MAX_NEWEST_N = 100;
export const MAX_COLLECTION_PRODUCTS = 500;
const MAX_RULE_PRICE = 1_000_000;

/** The owner's form's messages, shown next to their fields (the server answers them per field). */
export const COLLECTION_MESSAGES = {
  slugRequired: "Enter the collection's address",
  slugTooLong: "The address must be at most 80 characters",
  slugInvalid: "Use lowercase letters, digits and hyphens",
  titleRequired: "Enter a title",
  titleTooLong: "The title must be at most 120 characters",
  descriptionTooLong: "The description must be at most 2000 characters",
  imageInvalid: "The image must be an http(s) address or an uploaded image's path",
  kindRequired: "Choose how products are chosen: by hand or by a rule",
  priceInvalid: `A price from 0 to ${MAX_RULE_PRICE.toLocaleString("en-US")} in the shop's currency`,
  maxBelowMin: "The highest price must be above the lowest",
  newestInvalid: `A whole number from 1 to ${MAX_NEWEST_N}`,
} as const;

/** A collection's address: `/collections/<slug>`; lowercase words joined by hyphens. */
export const collectionSlugSchema = z
  .string()
  .trim()
  .min(1, COLLECTION_MESSAGES.slugRequired)
  .max(80, COLLECTION_MESSAGES.slugTooLong)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, COLLECTION_MESSAGES.slugInvalid);

const priceSchema = z
  .number({ message: COLLECTION_MESSAGES.priceInvalid })
  .min(0, COLLECTION_MESSAGES.priceInvalid)
  .max(MAX_RULE_PRICE, COLLECTION_MESSAGES.priceInvalid)
  .refine(fitsMinorUnits, COLLECTION_MESSAGES.priceInvalid);

export const collectionRuleSchema = z.object({
  category: categorySchema.nullable().default(null),
  minPrice: priceSchema.nullable().default(null),
  maxPrice: priceSchema.nullable().default(null),
  onSale: z.boolean().default(false),
  newestN: z
    .number({ message: COLLECTION_MESSAGES.newestInvalid })
    .int(COLLECTION_MESSAGES.newestInvalid)
    .min(1, COLLECTION_MESSAGES.newestInvalid)
    .max(MAX_NEWEST_N, COLLECTION_MESSAGES.newestInvalid)
    .nullable()
    .default(null),
});
export type CollectionRule = z.infer<typeof collectionRuleSchema>;

export const collectionBodySchema = z
  .object({
    slug: collectionSlugSchema,
    title: z
      .string()
      .trim()
      .min(1, COLLECTION_MESSAGES.titleRequired)
      .max(120, COLLECTION_MESSAGES.titleTooLong),
    description: z.string().trim().max(2000, COLLECTION_MESSAGES.descriptionTooLong).default(""),
    image: z
      .string()
      .trim()
      .max(2048, COLLECTION_MESSAGES.imageInvalid)
      .refine(isAllowedImage, COLLECTION_MESSAGES.imageInvalid)
      .nullable()
      .default(null),
    kind: z.enum(COLLECTION_KINDS, { message: COLLECTION_MESSAGES.kindRequired }),
    rule: collectionRuleSchema.default({
      category: null,
      minPrice: null,
      maxPrice: null,
      onSale: false,
      newestN: null,
    }),
  })
  .strict()
  .refine(
    (body) =>
      body.rule.minPrice === null || body.rule.maxPrice === null || body.rule.minPrice < body.rule.maxPrice,
    { message: COLLECTION_MESSAGES.maxBelowMin, path: ["rule", "maxPrice"] },
  );
export type CollectionBody = z.infer<typeof collectionBodySchema>;

/** What a shopper sees of a collection (its products come from its own list route). */
export const publicCollectionSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
});
export type PublicCollection = z.infer<typeof publicCollectionSchema>;

/** The owner's view: everything, with the picked products' ids of a manual one. */
export const collectionSchema = publicCollectionSchema.extend({
  _id: z.uuid(),
  kind: collectionKindSchema,
  rule: collectionRuleSchema,
  productIds: z.array(z.uuid()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionProductsBodySchema = z
  .object({ productIds: z.array(z.uuid()).max(MAX_COLLECTION_PRODUCTS) })
  .strict()
  .refine((body) => new Set(body.productIds).size === body.productIds.length, {
    message: "A product is listed twice.",
    path: ["productIds"],
  });

export const collectionIdParamsSchema = z.object({ id: z.uuid() });
export const collectionSlugParamsSchema = z.object({ slug: z.string().max(200) });

/** The home page's carousel slides, in order (web/src/features/home/components/promo-carousel.tsx). */
export const HOME_SLIDE_COUNT = 3;

const homeLinkSchema = collectionSlugSchema.nullable().default(null);

/**
 * Where the home page's "Shop now" slides and category tiles lead: a collection's slug, or null
 * for the page they lead to as built (a category, a search). The owner chooses in the dashboard.
 */
export const homeLinksSchema = z
  .object({
    slides: z.array(homeLinkSchema).length(HOME_SLIDE_COUNT),
    categories: z
      .object({
        womans: homeLinkSchema,
        mans: homeLinkSchema,
        shoes: homeLinkSchema,
        gadgets: homeLinkSchema,
      })
      .strict(),
  })
  .strict();
export type HomeLinks = z.infer<typeof homeLinksSchema>;

export const DEFAULT_HOME_LINKS: HomeLinks = {
  slides: [null, null, null],
  categories: { womans: null, mans: null, shoes: null, gadgets: null },
};
