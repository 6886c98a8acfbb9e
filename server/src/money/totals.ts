/**
 * The money of one checkout, as a pure function of its inputs: no database, no clock beyond the
 * `now` it is given. Everything is integer cents; the rounding rules are written down in
 * docs/decisions/019-checkout-money.md and pinned by money.test.ts.
 */

export interface PricedLine {
  /** The price of one unit as the shop shows it (with or without tax, per TaxSettings). */
  unitPriceCents: number;
  quantity: number;
}

export type CouponTerms =
  | { kind: "percent"; percentOff: number; minSubtotalCents: number }
  | { kind: "fixed"; amountOffCents: number; minSubtotalCents: number };

export interface ShippingTerms {
  flatRateCents: number;
  /** Shipping is free when the discounted subtotal reaches this; null: never free. */
  freeFromCents: number | null;
}

export interface TaxSettings {
  /** Basis points: 1000 = 10 %. */
  rateBasisPoints: number;
  /** True: prices already contain the tax (it is shown, not added). */
  pricesIncludeTax: boolean;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** The tax is inside subtotal and shipping (true) or added on top of them (false). */
  taxIncluded: boolean;
  totalCents: number;
}

/** a / b rounded to the nearest integer, halves up; a >= 0, b > 0, exact for safe integers. */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** The discount a coupon gives on a subtotal: never more than the subtotal, 0 below the minimum. */
export function discountOf(coupon: CouponTerms | null, subtotalCents: number): number {
  if (!coupon || subtotalCents < coupon.minSubtotalCents) return 0;
  const discount =
    coupon.kind === "percent"
      ? divideRoundingHalfUp(subtotalCents * coupon.percentOff, 100)
      : coupon.amountOffCents;
  return Math.min(discount, subtotalCents);
}

/** Free from the threshold on (what the shopper pays for goods, after the discount). */
export function shippingOf(shipping: ShippingTerms | null, goodsCents: number): number {
  if (!shipping) return 0;
  if (shipping.freeFromCents !== null && goodsCents >= shipping.freeFromCents) return 0;
  return shipping.flatRateCents;
}

/**
 * Tax on goods after discount plus shipping, rounded once on the whole order (not per line), halves
 * up. Included: the part of the amount that is tax, amount × r / (1 + r). Added: amount × r.
 */
export function taxOf(tax: TaxSettings, taxableCents: number): number {
  if (tax.rateBasisPoints === 0 || taxableCents === 0) return 0;
  return tax.pricesIncludeTax
    ? divideRoundingHalfUp(taxableCents * tax.rateBasisPoints, 10_000 + tax.rateBasisPoints)
    : divideRoundingHalfUp(taxableCents * tax.rateBasisPoints, 10_000);
}

export function computeTotals(input: {
  lines: readonly PricedLine[];
  coupon: CouponTerms | null;
  shipping: ShippingTerms | null;
  tax: TaxSettings;
}): Totals {
  const subtotalCents = subtotalOf(input.lines);
  const discountCents = discountOf(input.coupon, subtotalCents);
  const goodsCents = subtotalCents - discountCents;
  const shippingCents = shippingOf(input.shipping, goodsCents);
  const taxCents = taxOf(input.tax, goodsCents + shippingCents);
  const taxIncluded = input.tax.pricesIncludeTax;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    taxIncluded,
    totalCents: goodsCents + shippingCents + (taxIncluded ? 0 : taxCents),
  };
}

/**
 * How much of a refund request may go out: never more than what was paid minus what is already
 * refunded (or on its way), never negative.
 */
export function refundableCents(paidCents: number, refundedCents: number, requestedCents: number): number {
  return Math.max(0, Math.min(requestedCents, paidCents - refundedCents));
}

/**
 * What returned goods are worth: their share of what was paid for goods, i.e. of the subtotal
 * after the discount, plus (when tax was added on top) the goods' part of that tax. Shipping is
 * not refunded for a return. Rounded once, halves up; never more than what was paid for goods.
 */
export function returnValueCents(order: Omit<Totals, "totalCents">, returnedSubtotalCents: number): number {
  if (order.subtotalCents === 0) return 0;
  const goodsPaid = order.subtotalCents - order.discountCents;
  const goodsTax =
    order.taxIncluded || goodsPaid + order.shippingCents === 0
      ? 0
      : divideRoundingHalfUp(order.taxCents * goodsPaid, goodsPaid + order.shippingCents);
  const returned = Math.min(returnedSubtotalCents, order.subtotalCents);
  return divideRoundingHalfUp(returned * (goodsPaid + goodsTax), order.subtotalCents);
}
