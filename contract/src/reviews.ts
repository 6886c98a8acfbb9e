import { z } from "zod";

/** Product reviews and shop testimonials written by shoppers, and their moderation. */

export const REVIEW_LIMITS = { titleMax: 120, textMax: 2000, reasonMax: 200 } as const;

export const REVIEW_MESSAGES = {
  ratingRequired: "Choose from 1 to 5 stars",
  titleRequired: "Title is Required",
  titleTooLong: `Title must be at most ${REVIEW_LIMITS.titleMax} characters`,
  textRequired: "Review is Required",
  textTooLong: `Review must be at most ${REVIEW_LIMITS.textMax} characters`,
  reasonRequired: "Reason is Required",
  reasonTooLong: `Reason must be at most ${REVIEW_LIMITS.reasonMax} characters`,
  notReceived: "You can review a product once an order with it has been delivered to you.",
  alreadyReviewed: "You have already reviewed this product. Edit your review instead.",
  noOrder: "You can write a testimonial once you have placed an order.",
  alreadyWroteTestimonial: "You have already written a testimonial. Edit it instead.",
  notYours: "You can only change your own reviews.",
} as const;

const text = (required: string, max: number, tooLong: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, tooLong);

export const ratingSchema = z
  .number({ message: REVIEW_MESSAGES.ratingRequired })
  .int(REVIEW_MESSAGES.ratingRequired)
  .min(1, REVIEW_MESSAGES.ratingRequired)
  .max(5, REVIEW_MESSAGES.ratingRequired);

/** POST /products/{id}/reviews and PUT /product-reviews/{id}. */
export const productReviewInputSchema = z.object({
  rating: ratingSchema,
  title: text(REVIEW_MESSAGES.titleRequired, REVIEW_LIMITS.titleMax, REVIEW_MESSAGES.titleTooLong),
  text: text(REVIEW_MESSAGES.textRequired, REVIEW_LIMITS.textMax, REVIEW_MESSAGES.textTooLong),
});
export type ProductReviewInput = z.infer<typeof productReviewInputSchema>;

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export const reviewSortSchema = z.enum(REVIEW_SORTS);
export type ReviewSort = z.infer<typeof reviewSortSchema>;

/** A public product review. Every one is by a shopper who received the product. */
export const productReviewSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** The reviewer's account name. */
  name: z.string(),
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
  /** Set when the review was changed after it was written. */
  editedAt: z.string().nullable(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** GET /products/{id}/rating: the average, the count and how many reviews gave each number of stars. */
export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** Five entries, 5 stars first. */
  breakdown: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** POST /reviews and PUT /reviews/{id}: a testimonial about the shop. */
export const testimonialInputSchema = z.object({
  review: text(REVIEW_MESSAGES.textRequired, REVIEW_LIMITS.textMax, REVIEW_MESSAGES.textTooLong),
});
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;

const moderationStateSchema = z.object({
  hidden: z.boolean(),
  /** The admin's reason for the last hide or restore. */
  moderationReason: z.string().nullable(),
});

/** GET /my-reviews: what the signed-in shopper wrote, and what they may review now. */
export const myReviewsSchema = z.object({
  productReviews: z.array(
    productReviewSchema.extend(moderationStateSchema.shape).extend({
      productname: z.string(),
      image: z.string(),
    }),
  ),
  testimonial: z
    .object({ _id: z.uuid(), review: z.string(), createdAt: z.string() })
    .extend(moderationStateSchema.shape)
    .nullable(),
  /** At least one order placed: a testimonial may be written. */
  canWriteTestimonial: z.boolean(),
  /** Delivered to the shopper and not reviewed yet. */
  toReview: z.array(z.object({ productId: z.uuid(), productname: z.string(), image: z.string() })),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;
export type MyProductReview = MyReviews["productReviews"][number];

export const MODERATION_KINDS = ["product", "testimonial"] as const;
export const moderationKindSchema = z.enum(MODERATION_KINDS);
export type ModerationKind = z.infer<typeof moderationKindSchema>;
export const MODERATION_STATUSES = ["all", "visible", "hidden"] as const;

/** GET /admin/reviews: product reviews and testimonials, newest first. */
export const moderationItemSchema = z
  .object({
    _id: z.uuid(),
    kind: moderationKindSchema,
    productId: z.uuid().nullable(),
    productname: z.string().nullable(),
    rating: z.number().int().nullable(),
    title: z.string().nullable(),
    text: z.string(),
    name: z.string(),
    /** The writer's account; null for the demo testimonials. */
    email: z.string().nullable(),
    createdAt: z.string(),
    moderatedAt: z.string().nullable(),
  })
  .extend(moderationStateSchema.shape);
export type ModerationItem = z.infer<typeof moderationItemSchema>;

/** PATCH /admin/reviews/{kind}/{id}: hide or restore, always with a reason. */
export const moderationBodySchema = z.object({
  hidden: z.boolean(),
  reason: text(REVIEW_MESSAGES.reasonRequired, REVIEW_LIMITS.reasonMax, REVIEW_MESSAGES.reasonTooLong),
});
export type ModerationBody = z.infer<typeof moderationBodySchema>;
