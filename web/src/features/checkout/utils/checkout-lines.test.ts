import type { CartLine } from "@shop/contract/cart";
import { describe, expect, it } from "vitest";

import { checkoutPath } from "@/config/paths";
import { checkoutTotal, countItems, selectCheckoutLines } from "@/features/checkout/utils/checkout-lines";

const line = (id: string, price: number, quantity: number): CartLine => ({
  _id: id,
  productId: `p-${id}`,
  variantId: `v-${id}`,
  options: [],
  stock: 50,
  name: `Product ${id}`,
  image: "/x.svg",
  price,
  compareAtPrice: null,
  savingPercent: 0,
  priceWhenAdded: null,
  quantity,
  total: Math.round(price * quantity * 100) / 100,
  email: "ann@example.com",
});

const cart = [line("a", 24.99, 3), line("b", 0.1, 1), line("c", 0.2, 1)];

describe("selectCheckoutLines", () => {
  it("takes the whole cart when no line is named (Checkout)", () => {
    expect(selectCheckoutLines(cart, [])).toEqual({ kind: "ready", lines: cart });
  });

  it("takes only the named lines (a line's Pay button), in the cart's order", () => {
    expect(selectCheckoutLines(cart, ["c", "a"])).toEqual({ kind: "ready", lines: [cart[0], cart[2]] });
    expect(selectCheckoutLines(cart, ["b", "b"])).toEqual({ kind: "ready", lines: [cart[1]] });
  });

  it("says so when a named line is gone, and when the cart is empty", () => {
    expect(selectCheckoutLines(cart, ["a", "gone"])).toEqual({ kind: "missing" });
    expect(selectCheckoutLines([], [])).toEqual({ kind: "empty" });
    expect(selectCheckoutLines([], ["a"])).toEqual({ kind: "missing" });
  });
});

describe("checkoutTotal and countItems", () => {
  it("adds whole cents (no tax, shipping or fees) and units", () => {
    expect(checkoutTotal(cart)).toBe(75.27);
    expect(checkoutTotal([cart[1]!, cart[2]!])).toBe(0.3);
    expect(countItems(cart)).toBe(5);
  });
});

describe("checkoutPath", () => {
  it("leads to the checkout of the whole cart, or of the given lines", () => {
    expect(checkoutPath()).toBe("/checkout");
    expect(checkoutPath([])).toBe("/checkout");
    expect(checkoutPath(["0a1b2c3d-0000-4000-8000-000000000001"])).toBe(
      "/checkout?line=0a1b2c3d-0000-4000-8000-000000000001",
    );
    expect(checkoutPath(["a", "b"])).toBe("/checkout?line=a&line=b");
  });
});
