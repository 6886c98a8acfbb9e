import { z } from "zod";
import { emailFieldSchema } from "./auth";
import { cartLineSchema } from "./cart";
import { checkoutBodySchema } from "./orders";

/** GUEST_CHECKOUT (docs/decisions/042-guest-checkout.md): the bag's cookie, httpOnly and SameSite=Lax. */
export const GUEST_BAG_COOKIE = "shop_guest_bag";
/** A guest bag holds at most this many lines (each up to CART_QUANTITY_MAX units). */
export const GUEST_BAG_MAX_LINES = 50;
/** A bag untouched this long is deleted. */
export const GUEST_BAG_IDLE_DAYS = 30;

export const GUEST_MESSAGES = {
  bagFull: `A bag holds at most ${GUEST_BAG_MAX_LINES} different items.`,
  linkInvalid: "This order link is not valid any more. Ask for a fresh one with Find my order.",
  orderNotHere:
    "We cannot show this order in this browser. Open it with the link in your order mail, or ask for one with Find my order.",
  findOrderSent:
    "If an order with this number was placed with this address, we have sent a link to it. Check your mail.",
} as const;

/** A line whose product or size was deleted while it waited in the bag. */
export const unavailableLineSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
});
export type UnavailableLine = z.infer<typeof unavailableLineSchema>;

/** GET /guest-bag: its lines (as the signed-in bag's, `email` empty), units, and lost lines. */
export const guestBagSchema = z.object({
  lines: z.array(cartLineSchema),
  itemCount: z.number().int(),
  unavailable: z.array(unavailableLineSchema),
});
export type GuestBag = z.infer<typeof guestBagSchema>;

/** POST /guest-bag/merge: what became of the guest's lines in the account's bag. */
export const bagMergeReportSchema = z.object({
  /** Lines added or raised, with the quantity the account's line has now. */
  merged: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  /** Lines cut to the 99 cap or to the stock left. */
  reduced: z.array(z.object({ name: z.string(), quantity: z.number().int(), wanted: z.number().int() })),
  /** Sold out, or the product or size was deleted: not added. */
  unavailable: z.array(z.object({ name: z.string(), reason: z.enum(["sold-out", "deleted"]) })),
});
export type BagMergeReport = z.infer<typeof bagMergeReportSchema>;

/** POST /guest-orders: the signed-in checkout's body, the guest bag's line ids, and an address. */
export const guestCheckoutBodySchema = checkoutBodySchema.extend({ email: emailFieldSchema });
export type GuestCheckoutBody = z.input<typeof guestCheckoutBodySchema>;

/** An order link's token, as the mailed link carries it (after `#`, so it reaches no log). */
export const orderLinkTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, GUEST_MESSAGES.linkInvalid);
export const orderLinkBodySchema = z.object({ token: orderLinkTokenSchema });

/** POST /order-links/find: an order number and the address it was placed with. */
export const findOrderBodySchema = z.object({
  number: z.coerce
    .number({ message: "Enter the order number" })
    .int("Enter the order number")
    .min(1, "Enter the order number")
    .max(2_000_000_000, "Enter the order number"),
  email: emailFieldSchema,
});
export type FindOrderBody = z.input<typeof findOrderBodySchema>;
