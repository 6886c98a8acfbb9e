import {
  centsToDollars,
  MONEY_MESSAGES,
  type MoneySettings,
  type Quote,
  type TotalsView,
} from "@shop/contract/money";
import type { Db } from "../db/client";
import { HttpProblem } from "../http/problem";
import {
  couponConflict,
  couponProblemOf,
  couponTermsOf,
  findCoupon,
  hasRedeemed,
  type CouponRow,
} from "./coupons";
import { getMoneySettings, taxSettingsOf } from "./settings";
import { listShippingMethods, shippingTermsOf, toShippingMethod, type ShippingMethodRow } from "./shipping";
import { computeTotals, discountOf, shippingOf, subtotalOf, type PricedLine, type Totals } from "./totals";

export interface PricingRequest {
  lines: readonly PricedLine[];
  shippingMethodId?: string | undefined;
  couponCode?: string | undefined;
  /** Who would use the coupon: an account, or a guest's address (one use per customer either way). */
  userId?: string;
  email?: string;
  now: Date;
  /** The money settings, when the caller read them already (with others, in one statement). */
  settings?: MoneySettings;
}

export interface Pricing {
  totals: Totals;
  shippingMethod: ShippingMethodRow | null;
  methods: ShippingMethodRow[];
  coupon: CouponRow | null;
  /** Why the code entered does not apply (null: it applies, or none was entered). */
  couponMessage: string | null;
  taxRate: number;
}

export const totalsView = (totals: Totals): TotalsView => ({
  subtotal: centsToDollars(totals.subtotalCents),
  discount: centsToDollars(totals.discountCents),
  shipping: centsToDollars(totals.shippingCents),
  tax: centsToDollars(totals.taxCents),
  taxIncluded: totals.taxIncluded,
  total: centsToDollars(totals.totalCents),
});

/**
 * Reads the shop's shipping methods, the coupon and the tax settings, and prices the lines with
 * the pure computeTotals(). Where the lines' unit prices come from is the caller's business
 * (today the product, with variants the variant).
 */
export async function priceLines(db: Db, request: PricingRequest): Promise<Pricing> {
  const [settings, methods] = await Promise.all([
    request.settings ?? getMoneySettings(db),
    listShippingMethods(db, { activeOnly: true }),
  ]);
  const shippingMethod = request.shippingMethodId
    ? (methods.find((method) => method.id === request.shippingMethodId) ?? null)
    : (methods[0] ?? null);
  if (request.shippingMethodId && !shippingMethod) {
    throw new HttpProblem(409, "Conflict", MONEY_MESSAGES.shippingUnknown, {
      shippingMethodId: MONEY_MESSAGES.shippingUnknown,
    });
  }
  let coupon: CouponRow | null = null;
  let couponMessage: string | null = null;
  if (request.couponCode) {
    const row = await findCoupon(db, request.couponCode);
    couponMessage = couponProblemOf(row, request.now, subtotalOf(request.lines));
    if (!couponMessage && row && (await hasRedeemed(db, row.id, request))) {
      couponMessage = MONEY_MESSAGES.couponAlreadyUsed;
    }
    if (!couponMessage) coupon = row ?? null;
  }
  const totals = computeTotals({
    lines: request.lines,
    coupon: coupon ? couponTermsOf(coupon) : null,
    shipping: shippingMethod ? shippingTermsOf(shippingMethod) : null,
    tax: taxSettingsOf(settings),
  });
  return { totals, shippingMethod, methods, coupon, couponMessage, taxRate: settings.taxRate };
}

/** At checkout a code that does not apply stops the order: the shopper sees why and decides. */
export function requireApplicableCoupon(pricing: Pricing) {
  if (pricing.couponMessage) throw couponConflict(pricing.couponMessage);
}

/** What the bag and the checkout page show: the figures, every method with its cost, the code's fate. */
export function toQuote(
  pricing: Pricing,
  lines: readonly PricedLine[],
  couponCode: string | undefined,
  /** The code's fate in the shopper's language (replyText). */
  say: (text: string) => string = (text) => text,
): Quote {
  const goodsCents =
    subtotalOf(lines) - discountOf(pricing.coupon ? couponTermsOf(pricing.coupon) : null, subtotalOf(lines));
  return {
    ...totalsView(pricing.totals),
    shippingMethodId: pricing.shippingMethod?.id ?? null,
    shippingMethods: pricing.methods.map((method) => ({
      ...toShippingMethod(method),
      cost: centsToDollars(shippingOf(shippingTermsOf(method), goodsCents)),
    })),
    coupon: couponCode
      ? {
          code: couponCode,
          applied: pricing.coupon !== null,
          message: pricing.couponMessage && say(pricing.couponMessage),
        }
      : null,
    taxRate: pricing.taxRate,
  };
}
