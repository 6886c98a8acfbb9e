import { z } from "zod";
import { couponCodeSchema, refundSchema, returnSchema, totalsSchema } from "./money";
import { chosenOptionSchema } from "./cart";
import { orderDocumentSchema, shipmentSchema } from "./fulfilment";
import { PHONE_PATTERN } from "./profile";

/** Where an order's payment stands (awaiting: its stock and coupon use are held). */
export const PAYMENT_STATUSES = ["awaiting", "paid", "expired", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment on the provider's dashboard, for the admin; null when it has none. */
export function paymentDashboardUrl(provider: string, reference: string, testMode: boolean): string | null {
  if (provider !== "stripe" || !reference.startsWith("pi_")) return null;
  return `https://dashboard.stripe.com/${testMode ? "test/" : ""}payments/${reference}`;
}

/** awaiting_payment: placed through a redirect provider (Stripe Checkout), its stock held until paid. */
export const ORDER_STATUSES = ["awaiting_payment", "paid", "shipped", "delivered", "cancelled"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The moves an admin may make; a cancelled paid order returns its stock. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  // Only the provider's events (or the hold running out) move it on.
  awaiting_payment: [],
  paid: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export const CHECKOUT_MESSAGES = {
  nameRequired: "Name is Required",
  addressRequired: "Address is Required",
  cityRequired: "City is Required",
  phoneRequired: "Phone No. is Required",
  phoneInvalid: "Phone No. must be 6 to 20 digits, optionally starting with +",
  cardNumberRequired: "Card number is Required",
  cardNumberInvalid: "Enter the 16-digit card number",
  expiryInvalid: "Enter the expiry date as MM/YY",
  expiryPast: "This card has expired",
  cvcInvalid: "Enter the 3 or 4 digit security code",
} as const;

const text = (message: string, max = 200) => z.string({ message }).trim().min(1, message).max(max);

export const deliverySchema = z.object({
  name: text(CHECKOUT_MESSAGES.nameRequired, 100),
  address: text(CHECKOUT_MESSAGES.addressRequired),
  city: text(CHECKOUT_MESSAGES.cityRequired, 100),
  phone: text(CHECKOUT_MESSAGES.phoneRequired, 30).regex(PHONE_PATTERN, CHECKOUT_MESSAGES.phoneInvalid),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** Card details go to the payment provider and are never stored (only the last four digits). */
export const cardSchema = z.object({
  number: z
    .string({ message: CHECKOUT_MESSAGES.cardNumberRequired })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, CHECKOUT_MESSAGES.cardNumberRequired)
        .regex(/^\d{16}$/, CHECKOUT_MESSAGES.cardNumberInvalid),
    ),
  expiry: z
    .string({ message: CHECKOUT_MESSAGES.expiryInvalid })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CHECKOUT_MESSAGES.expiryInvalid),
  cvc: z
    .string({ message: CHECKOUT_MESSAGES.cvcInvalid })
    .trim()
    .regex(/^\d{3,4}$/, CHECKOUT_MESSAGES.cvcInvalid),
});
export type Card = z.infer<typeof cardSchema>;

export const checkoutBodySchema = z.object({
  /** The cart lines to buy: one (a line's Pay button) or all (Checkout). */
  lineIds: z.array(z.uuid()).min(1, "Choose at least one cart line").max(100),
  delivery: deliverySchema,
  /** The test mode's card; absent with a redirect provider (Stripe Checkout takes it on its own page). */
  card: cardSchema.optional(),
  /** Absent: the first active method (none configured: no shipping charge). */
  shippingMethodId: z.uuid().optional(),
  couponCode: couponCodeSchema.optional(),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

/** Sent by the client once per checkout; repeating it returns the first order. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** The checkout's headers: a UUID per checkout, compared without regard to case. */
export const checkoutHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ message: "Required: a UUID" })
    .pipe(z.uuid({ message: "Required: a UUID" }))
    .transform((key) => key.toLowerCase()),
});

export const orderLineSchema = z.object({
  /** The line's own id (a return names the lines it sends back). */
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  /** The variant sold; null once it is deleted (the snapshot below stays). */
  variantId: z.uuid().nullable(),
  /** Its option values when it was sold ("Size: M"); [] for a product without options. */
  options: z.array(chosenOptionSchema),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  /** The regular ("was") unit price when the line was bought on sale, else null. */
  compareAtPrice: z.number().nullable(),
  quantity: z.number().int(),
  total: z.number(),
  /** Units of this line already in a parcel. */
  shipped: z.number().int(),
});

export const orderSchema = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  email: z.string(),
  /** Placed without an account (GUEST_CHECKOUT); still true once claimed by a verified account. */
  placedAsGuest: z.boolean().optional(),
  status: orderStatusSchema,
  total: z.number(),
  createdAt: z.string(),
  delivery: deliverySchema,
  payment: z.object({
    provider: z.string(),
    /** The provider's payment id (Stripe: pi_…); empty while awaiting payment. */
    reference: z.string(),
    last4: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    /** The provider's page to pay on, while the order awaits its payment. */
    checkoutUrl: z.string().nullable(),
    /** When an unpaid order gives its stock back. */
    holdExpiresAt: z.string().nullable(),
    /** Why the admin must look at the payment (an amount that does not match …). */
    flag: z.string().nullable(),
  }),
  lines: z.array(orderLineSchema),
  /** How `total` came about (docs/decisions/019-checkout-money.md). */
  money: totalsSchema.extend({
    shippingMethod: z.string().nullable(),
    couponCode: z.string().nullable(),
    /** Refunded or on its way back (pending refunds count: they will go out). */
    refunded: z.number(),
  }),
  refunds: z.array(refundSchema),
  returns: z.array(returnSchema),
  deliveredAt: z.string().nullable(),
  /** The parcels sent so far, oldest first. */
  shipments: z.array(shipmentSchema),
  /** Its invoice and any credit notes, to download as PDF. */
  documents: z.array(orderDocumentSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const paymentInfoSchema = z.object({
  provider: z.string(),
  /** card: typed on our checkout page (test mode); redirect: paid on the provider's page (Stripe Checkout). */
  flow: z.enum(["card", "redirect"]),
  testMode: z.boolean(),
  /** Shown beside the form in test mode. */
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const ORDER_SORTS = ["newest", "oldest", "total-desc", "total-asc"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** attention: awaiting its payment, or flagged (an amount that does not match, a late payment). */
export const PAYMENT_STATES = ["paid", "partly-refunded", "refunded", "attention"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

const dayFilter = z.iso.date({ message: "Use a date such as 2026-01-31" }).optional();

/** All Orders' search, filters and order (offset pages, as the other admin lists). */
export const adminOrdersQuerySchema = z.object({
  /** An order number (#1042 or 1042), or the start of the buyer's e-mail or name. */
  q: z.string().trim().max(100).optional(),
  status: orderStatusSchema.optional(),
  payment: z.enum(PAYMENT_STATES).optional(),
  /** Placed on or after this day, on or before that one (UTC). */
  from: dayFilter,
  to: dayFilter,
  shippingMethod: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(ORDER_SORTS).default("newest"),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /**
   * Keyset paging: the number of the last order of the page before; this page starts after it in
   * the order chosen. Every page then costs the same, however deep (an offset reads and drops
   * every row before it).
   */
  after: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** All Orders' filters without paging: what the CSV export of the listed orders takes. */
export const adminOrdersExportQuerySchema = adminOrdersQuerySchema.omit({
  limit: true,
  offset: true,
  after: true,
});
export type AdminOrdersExportQuery = z.output<typeof adminOrdersExportQuerySchema>;

/** Past this many, All Orders says "more than …" instead of counting every order that matches. */
export const ORDERS_COUNT_CAP = 10_000;
