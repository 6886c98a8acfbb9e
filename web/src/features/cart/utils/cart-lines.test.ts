import { describe, expect, it } from "vitest";

import { formatPrice } from "@/components/price";
import { CART_PAGE_SIZES } from "@/features/cart/config";
import { cartTotal, hasMoreLines, shownLineCount } from "@/features/cart/utils/cart-lines";

describe("cart paging", () => {
  it("shows 5 lines of 11, then 10, then all 11, and the button only while some are hidden", () => {
    const shown = [0, 1, 2].map((clicks) => shownLineCount(11, clicks, CART_PAGE_SIZES));
    expect(shown).toEqual([5, 10, 11]);
    expect(shown.map((count) => hasMoreLines(11, count))).toEqual([true, true, false]);
  });

  it("has nothing more to load with 5 lines or fewer", () => {
    expect(shownLineCount(5, 0, CART_PAGE_SIZES)).toBe(5);
    expect(hasMoreLines(5, 5)).toBe(false);
    expect(shownLineCount(3, 0, CART_PAGE_SIZES)).toBe(3);
    expect(shownLineCount(0, 0, CART_PAGE_SIZES)).toBe(0);
  });

  it("keeps showing what is left after lines are removed", () => {
    // 10 shown, then 4 removed: the 7 left all show.
    expect(shownLineCount(7, 1, CART_PAGE_SIZES)).toBe(7);
    expect(hasMoreLines(7, 7)).toBe(false);
  });
});

describe("cart total", () => {
  it("adds the line totals in whole cents, without floating-point crumbs", () => {
    // 0.1 + 0.2 would be 0.30000000000000004 in floating point.
    expect(cartTotal([{ total: 0.1 }, { total: 0.2 }])).toBe(0.3);
    expect(cartTotal([{ total: 74.97 }, { total: 48.48 }])).toBe(123.45);
    expect(cartTotal([])).toBe(0);
  });

  it("is shown as SPEC's '$ ' and two decimals", () => {
    expect(formatPrice(cartTotal([{ total: 74.97 }, { total: 48.48 }]))).toBe("$ 123.45");
    expect(formatPrice(cartTotal([{ total: 1299 }, { total: 0.5 }]))).toBe("$ 1,299.50");
    expect(formatPrice(cartTotal([]))).toBe("$ 0.00");
  });
});
