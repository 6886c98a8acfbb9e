import { z } from "zod";
import { MAX_CAMPAIGN_PRODUCTS, NEWSLETTER_SOURCES } from "./marketing-constants";

export * from "./marketing-constants";

/**
 * Bringing shoppers back (issue 42): the newsletter with double opt-in, campaigns, back-in-stock
 * alerts. Money is integer cents (`…Cents`).
 */

export const subscribeSchema = z.object({
  email: z.email({ message: "Enter a valid e-mail address" }).max(254),
  source: z.enum(NEWSLETTER_SOURCES),
});
export type SubscribeRequest = z.infer<typeof subscribeSchema>;

/** The same answer for a new, a pending and an already confirmed address. */
export const subscribeResultSchema = z.object({ message: z.string() });

export const subscriberTokenSchema = z.object({ token: z.string().min(16).max(100) });

export const newsletterStatusSchema = z.object({
  email: z.string(),
  status: z.enum(["pending", "confirmed", "unsubscribed"]),
  /** What the token was for: the newsletter, or a bag reminder (whose link turns reminders off). */
  list: z.enum(["newsletter", "bag-reminders"]).default("newsletter"),
});
export type NewsletterStatus = z.infer<typeof newsletterStatusSchema>;

// ---- Campaigns (the owner's).

export const CAMPAIGN_STATUSES = ["draft", "sending", "sent"] as const;

export const campaignInputSchema = z.object({
  subject: z.string().trim().min(1, "Write a subject").max(150, "At most 150 characters"),
  body: z.string().trim().min(1, "Write the body").max(20_000, "At most 20,000 characters"),
  productIds: z
    .array(z.uuid())
    .max(MAX_CAMPAIGN_PRODUCTS, `At most ${MAX_CAMPAIGN_PRODUCTS} products`)
    .default([]),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignProgressSchema = z.object({
  /** Waiting for the throttle or for the outbox. */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Left the list after the campaign was sent (their mail may have gone before). */
  unsubscribedSince: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignSchema = z.object({
  _id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  productIds: z.array(z.uuid()),
  status: z.enum(CAMPAIGN_STATUSES),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  progress: campaignProgressSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPreviewSchema = z.object({ subject: z.string(), html: z.string() });

export const audienceSchema = z.object({ confirmed: z.number().int(), pending: z.number().int() });

// ---- Back in stock.

export const stockAlertSchema = z.object({
  variantId: z.uuid(),
  /** Needed when nobody is signed in (a public catalogue); a signed-in shopper's own otherwise. */
  email: z.email({ message: "Enter a valid e-mail address" }).max(254).optional(),
});
export type StockAlertRequest = z.infer<typeof stockAlertSchema>;

/** Low Stock's "waiting" column: shoppers who asked to hear when a variant is back. */
export const waitingForStockSchema = z.array(
  z.object({
    variantId: z.uuid(),
    productId: z.uuid(),
    productName: z.string(),
    /** The variant's option values (size, colour), empty for a product without options. */
    optionValues: z.array(z.string()),
    stock: z.number().int(),
    waiting: z.number().int(),
  }),
);
export type WaitingForStock = z.infer<typeof waitingForStockSchema>;

// ---- Wishlist.

export const wishlistItemSchema = z.object({
  productId: z.uuid(),
  productname: z.string(),
  image: z.string(),
  /** The size or colour she picked; null when the product was saved from a card. */
  variantId: z.uuid().nullable(),
  optionValues: z.array(z.string()),
  priceCents: z.number().int(),
  priceCentsWhenAdded: z.number().int(),
  /** Of the picked variant, or of the whole product. */
  stock: z.number().int(),
  addedAt: z.iso.datetime(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistSchema = z.object({
  items: z.array(wishlistItemSchema),
  /** The read-only share link's token, or null when none is open. */
  shareToken: z.string().nullable(),
});
export type Wishlist = z.infer<typeof wishlistSchema>;

export const sharedWishlistSchema = z.object({ name: z.string(), items: z.array(wishlistItemSchema) });

export const wishlistAddSchema = z.object({ variantId: z.uuid().nullable().default(null) });

/** The signed-in shopper's own yes (or no) to one reminder of a bag left alone. */
export const bagRemindersSettingSchema = z.object({ optedIn: z.boolean() });
export type BagRemindersSetting = z.infer<typeof bagRemindersSettingSchema>;
