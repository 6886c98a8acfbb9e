import { z } from "zod";
import { fitsMinorUnits, majorToMinor, minorToMajor, shopCurrency } from "./currency";

/**
 * Major units on the wire (the shop currency's decimals: 19.99 USD, 500 JPY, 1.250 KWD), minor units
 * (the `…Cents` columns) everywhere else. Messages are functions: the currency is known at parse time.
 */
const dollars = z.number();
const dollarsInput = (message: () => string) =>
  z
    .number({ error: message })
    .min(0, { error: message })
    .max(1_000_000, { error: message })
    .refine(fitsMinorUnits, { error: message });

/** An example amount in the shop's currency for a message: "4.99" (USD), "500" (JPY), "4.990" (KWD). */
const exampleAmount = (usd: string, jpy: string) => {
  const { decimals } = shopCurrency();
  if (decimals === 0) return jpy;
  return Number(usd).toFixed(decimals);
};

export const MONEY_MESSAGES = {
  /** Unknown, switched off, not started, expired or used up: one answer, so guessing learns nothing. */
  couponNotValid: "This code is not valid.",
  couponUsedUp: "This code has been used up.",
  couponAlreadyUsed: "You have already used this code.",
  couponMinimum: (minimum: string) => `This code needs a subtotal of at least ${minimum}.`,
  shippingUnknown: "Choose one of the shipping methods offered.",
  nameRequired: "Name is Required",
  get rateInvalid() {
    const { code } = shopCurrency();
    return `Enter an amount in ${code === "USD" ? "dollars" : code}, such as ${exampleAmount("4.99", "500")}`;
  },
  codeInvalid: "Use 3 to 32 letters, digits, - or _",
  percentInvalid: "Enter a whole percentage from 1 to 100",
  get amountInvalid() {
    return `Enter an amount above 0, such as ${exampleAmount("10.00", "1000")}`;
  },
  limitInvalid: "Enter a whole number of uses, at least 1",
  taxRateInvalid: "Enter a tax rate from 0 to 50 %, at most two decimals",
  returnWindowInvalid: "Enter a number of days from 0 to 365",
  refundTooMuch: "A refund cannot exceed what is left of the payment.",
};

const rateInvalid = () => MONEY_MESSAGES.rateInvalid;
const amountInvalid = () => MONEY_MESSAGES.amountInvalid;

export const shippingMethodSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: dollars,
  /** Free from this subtotal (after the discount); null: never free. */
  freeFrom: dollars.nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingMethodBodySchema = z.object({
  name: z.string({ message: MONEY_MESSAGES.nameRequired }).trim().min(1, MONEY_MESSAGES.nameRequired).max(60),
  description: z.string().trim().max(200).default(""),
  price: dollarsInput(rateInvalid),
  freeFrom: dollarsInput(rateInvalid).nullable().default(null),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
export type ShippingMethodBody = z.input<typeof shippingMethodBodySchema>;

export const COUPON_KINDS = ["percent", "fixed"] as const;
export const couponCodeSchema = z
  .string({ message: MONEY_MESSAGES.codeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, MONEY_MESSAGES.codeInvalid)
  .transform((code) => code.toUpperCase());

export const couponSchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** percent: 1–100; fixed: dollars off. */
  value: z.number(),
  minSubtotal: dollars,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  active: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponBodySchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS),
    value: z.number({ error: amountInvalid }).positive({ error: amountInvalid }),
    minSubtotal: dollarsInput(rateInvalid).default(0),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    usageLimit: z
      .number({ message: MONEY_MESSAGES.limitInvalid })
      .int(MONEY_MESSAGES.limitInvalid)
      .min(1, MONEY_MESSAGES.limitInvalid)
      .max(10_000_000)
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .superRefine((coupon, context) => {
    if (coupon.kind === "percent" && !(Number.isInteger(coupon.value) && coupon.value <= 100)) {
      context.addIssue({ code: "custom", path: ["value"], message: MONEY_MESSAGES.percentInvalid });
    }
    if (coupon.kind === "fixed" && !dollarsInput(amountInvalid).safeParse(coupon.value).success) {
      context.addIssue({ code: "custom", path: ["value"], message: amountInvalid() });
    }
    if (coupon.startsAt && coupon.endsAt && coupon.startsAt >= coupon.endsAt) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start" });
    }
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const moneySettingsSchema = z.object({
  /** Percent with up to two decimals, e.g. 8.25. */
  taxRate: z
    .number({ message: MONEY_MESSAGES.taxRateInvalid })
    .min(0, MONEY_MESSAGES.taxRateInvalid)
    .max(50, MONEY_MESSAGES.taxRateInvalid)
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, MONEY_MESSAGES.taxRateInvalid),
  pricesIncludeTax: z.boolean(),
  returnWindowDays: z
    .number({ message: MONEY_MESSAGES.returnWindowInvalid })
    .int(MONEY_MESSAGES.returnWindowInvalid)
    .min(0, MONEY_MESSAGES.returnWindowInvalid)
    .max(365, MONEY_MESSAGES.returnWindowInvalid),
});
export type MoneySettings = z.infer<typeof moneySettingsSchema>;

/** The figures every page shows, in this order. */
export const totalsSchema = z.object({
  subtotal: dollars,
  discount: dollars,
  shipping: dollars,
  tax: dollars,
  /** true: the tax is part of the prices (shown, not added). */
  taxIncluded: z.boolean(),
  total: dollars,
});
export type TotalsView = z.infer<typeof totalsSchema>;

export const quoteBodySchema = z.object({
  /** Cart lines to price; absent: the whole cart. */
  lineIds: z.array(z.uuid()).max(100).optional(),
  shippingMethodId: z.uuid().optional(),
  couponCode: couponCodeSchema.optional(),
});

export const quoteSchema = totalsSchema.extend({
  shippingMethodId: z.uuid().nullable(),
  shippingMethods: z.array(shippingMethodSchema.extend({ cost: dollars })),
  coupon: z.object({ code: z.string(), applied: z.boolean(), message: z.string().nullable() }).nullable(),
  taxRate: z.number(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export const refundSchema = z.object({
  _id: z.uuid(),
  amount: dollars,
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** Why the provider refused it (a failed refund can be retried). */
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundBodySchema = z.object({
  amount: dollarsInput(amountInvalid).refine((value) => value > 0, { error: amountInvalid }),
  reason: z.string().trim().min(1).max(200).default("Refund"),
});

export const RETURN_STATUSES = ["requested", "approved", "received", "refunded", "rejected"] as const;
export const returnSchema = z.object({
  _id: z.uuid(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  /** What the returned lines are worth: the refund the shop gives when it has them back. */
  amount: dollars,
  lineIds: z.array(z.uuid()),
  restocked: z.boolean(),
  createdAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnSchema>;

export const RETURN_MESSAGES = {
  notDelivered: "Only a delivered order can be returned.",
  windowClosed: (days: number) => `Returns are accepted within ${days} days of delivery.`,
  lineUnknown: "Choose lines of this order.",
  lineTaken: "A return for some of these lines exists already.",
  reasonRequired: "Tell us why you return it",
} as const;

export const returnBodySchema = z.object({
  lineIds: z.array(z.uuid()).min(1, RETURN_MESSAGES.lineUnknown).max(100),
  reason: z
    .string({ message: RETURN_MESSAGES.reasonRequired })
    .trim()
    .min(1, RETURN_MESSAGES.reasonRequired)
    .max(500),
});

/** The admin's steps: approve or reject a request, mark it received (optionally restocking), refund it. */
export const returnActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject") }),
  z.object({ action: z.literal("receive"), restock: z.boolean().default(false) }),
  z.object({ action: z.literal("refund") }),
]);

/** Minor units to the wire's major units in the shop currency (names kept from the dollar-only days). */
export const centsToDollars = minorToMajor;
export const dollarsToCents = majorToMinor;
