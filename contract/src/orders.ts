import { z } from "zod";
import { couponCodeSchema, refundSchema, returnSchema, totalsSchema } from "./money";
import { chosenOptionSchema } from "./cart";
import { PHONE_PATTERN } from "./profile";

export const ORDER_STATUSES = ["paid", "shipped", "delivered", "cancelled"] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The moves an admin may make; a cancelled paid order returns its stock. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
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
  card: cardSchema,
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
});

export const orderSchema = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  email: z.string(),
  status: orderStatusSchema,
  total: z.number(),
  createdAt: z.string(),
  delivery: deliverySchema,
  payment: z.object({ provider: z.string(), reference: z.string(), last4: z.string() }),
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
});
export type Order = z.infer<typeof orderSchema>;

export const paymentInfoSchema = z.object({
  provider: z.string(),
  testMode: z.boolean(),
  /** Shown beside the form in test mode. */
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;
