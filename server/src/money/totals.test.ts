import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeTotals,
  divideRoundingHalfUp,
  refundableCents,
  returnValueCents,
  type CouponTerms,
  type ShippingTerms,
  type TaxSettings,
} from "./totals";

const lineArb = fc.record({
  unitPriceCents: fc.integer({ min: 1, max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
const couponArb: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant("percent" as const),
      percentOff: fc.integer({ min: 1, max: 100 }),
      minSubtotalCents: fc.integer({ min: 0, max: 100_000 }),
    }),
    fc.record({
      kind: fc.constant("fixed" as const),
      amountOffCents: fc.integer({ min: 1, max: 1_000_000 }),
      minSubtotalCents: fc.integer({ min: 0, max: 100_000 }),
    }),
  ),
);
const shippingArb: fc.Arbitrary<ShippingTerms | null> = fc.option(
  fc.record({
    flatRateCents: fc.integer({ min: 0, max: 100_000 }),
    freeFromCents: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
  }),
);
const taxArb: fc.Arbitrary<TaxSettings> = fc.record({
  rateBasisPoints: fc.integer({ min: 0, max: 5000 }),
  pricesIncludeTax: fc.boolean(),
});

describe("checkout totals", () => {
  it("for any cart, coupon, shipping and tax: total = subtotal − discount + shipping + added tax, whole cents, never negative", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 100 }),
        couponArb,
        shippingArb,
        taxArb,
        (lines, coupon, shipping, tax) => {
          const totals = computeTotals({ lines, coupon, shipping, tax });
          const addedTax = totals.taxIncluded ? 0 : totals.taxCents;
          expect(totals.totalCents).toBe(
            totals.subtotalCents - totals.discountCents + totals.shippingCents + addedTax,
          );
          for (const value of Object.values(totals)) {
            if (typeof value === "number") {
              expect(Number.isSafeInteger(value)).toBe(true);
              expect(value).toBeGreaterThanOrEqual(0);
            }
          }
          expect(totals.subtotalCents).toBe(
            lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
          );
          expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
          // Included tax is a part of what is paid, never all of it.
          if (totals.taxIncluded) expect(totals.taxCents).toBeLessThanOrEqual(totals.totalCents);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("rounds halves up, exactly, like the decimal arithmetic it replaces", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e6 }),
        (numerator, denominator) => {
          const rounded = divideRoundingHalfUp(numerator, denominator);
          // |rounded − n/d| ≤ 1/2, and exactly 1/2 only rounding up.
          const twiceError = 2 * (rounded * denominator - numerator);
          expect(twiceError).toBeGreaterThan(-denominator);
          expect(twiceError).toBeLessThanOrEqual(denominator);
        },
      ),
    );
  });

  it("pins the written rounding rules with worked examples", () => {
    const line = (unitPriceCents: number, quantity = 1) => ({ unitPriceCents, quantity });
    const noTax = { rateBasisPoints: 0, pricesIncludeTax: true };
    // 15 % of $0.10 is 1.5 ¢: half rounds up to 2 ¢.
    expect(
      computeTotals({
        lines: [line(10)],
        coupon: { kind: "percent", percentOff: 15, minSubtotalCents: 0 },
        shipping: null,
        tax: noTax,
      }).discountCents,
    ).toBe(2);
    // A fixed $10 off a $4 cart takes $4 only.
    expect(
      computeTotals({
        lines: [line(400)],
        coupon: { kind: "fixed", amountOffCents: 1000, minSubtotalCents: 0 },
        shipping: null,
        tax: noTax,
      }),
    ).toMatchObject({ discountCents: 400, totalCents: 0 });
    // Below the minimum spend the coupon gives nothing.
    expect(
      computeTotals({
        lines: [line(4999)],
        coupon: { kind: "percent", percentOff: 10, minSubtotalCents: 5000 },
        shipping: null,
        tax: noTax,
      }).discountCents,
    ).toBe(0);
    // Standard: free from $50 of goods after the discount, $4.99 below.
    const standard = { flatRateCents: 499, freeFromCents: 5000 };
    expect(
      computeTotals({ lines: [line(5000)], coupon: null, shipping: standard, tax: noTax }).shippingCents,
    ).toBe(0);
    expect(
      computeTotals({
        lines: [line(5500)],
        coupon: { kind: "percent", percentOff: 10, minSubtotalCents: 0 },
        shipping: standard,
        tax: noTax,
      }).shippingCents,
    ).toBe(499);
    // 20 % included in $12.00 + $4.99 shipping: 1699 × 20/120 = 283.17 → 283 ¢; the total stays 1699.
    expect(
      computeTotals({
        lines: [line(1200)],
        coupon: null,
        shipping: standard,
        tax: { rateBasisPoints: 2000, pricesIncludeTax: true },
      }),
    ).toMatchObject({
      subtotalCents: 1200,
      shippingCents: 499,
      taxCents: 283,
      taxIncluded: true,
      totalCents: 1699,
    });
    // 8.25 % added on $10.00: 82.5 ¢ → 83 ¢, total 1083.
    expect(
      computeTotals({
        lines: [line(1000)],
        coupon: null,
        shipping: null,
        tax: { rateBasisPoints: 825, pricesIncludeTax: false },
      }),
    ).toMatchObject({ taxCents: 83, taxIncluded: false, totalCents: 1083 });
  });
});

describe("return values", () => {
  it("for any order and any subset of its lines returned, the value is at most what was paid for goods, and all lines give exactly that", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 20 }),
        couponArb,
        shippingArb,
        taxArb,
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        (lines, coupon, shipping, tax, chosen) => {
          const totals = computeTotals({ lines, coupon, shipping, tax });
          const returned = lines
            .filter((_, index) => chosen[index])
            .reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
          const value = returnValueCents(totals, returned);
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(totals.totalCents - totals.shippingCents);
          const everything = returnValueCents(totals, totals.subtotalCents);
          expect(everything).toBeGreaterThanOrEqual(value);
          if (totals.taxIncluded) expect(everything).toBe(totals.subtotalCents - totals.discountCents);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("refund limits", () => {
  it("for any sequence of partial refund requests, the sum refunded never exceeds what was paid", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: -1000, max: 5_000_000 }), { maxLength: 30 }),
        (paid, requests) => {
          let refunded = 0;
          for (const requested of requests) {
            const granted = refundableCents(paid, refunded, requested);
            expect(granted).toBeGreaterThanOrEqual(0);
            expect(granted).toBeLessThanOrEqual(Math.max(0, requested));
            refunded += granted;
            expect(refunded).toBeLessThanOrEqual(paid);
          }
          // Asking for everything that is left gives exactly that.
          expect(refunded + refundableCents(paid, refunded, paid)).toBe(paid);
        },
      ),
    );
  });
});
