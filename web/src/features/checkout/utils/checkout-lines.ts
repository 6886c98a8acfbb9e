import type { CartLine } from "@shop/contract/cart";

import { fromCents, toCents } from "@/components/price";

export type CheckoutSelection =
  | { kind: "ready"; lines: CartLine[] }
  /** The cart is empty (a checkout of the whole cart). */
  | { kind: "empty" }
  /** A line asked for in the address is not in the cart (bought or removed meanwhile). */
  | { kind: "missing" };

/**
 * The lines to buy: those named in the address (a line's Pay button), or the whole cart
 * (Checkout). Each line once, in the cart's order.
 */
export function selectCheckoutLines(
  cart: readonly CartLine[],
  lineIds: readonly string[],
): CheckoutSelection {
  if (lineIds.length === 0)
    return cart.length === 0 ? { kind: "empty" } : { kind: "ready", lines: [...cart] };
  const wanted = new Set(lineIds);
  const lines = cart.filter((line) => wanted.has(line._id));
  return lines.length === wanted.size ? { kind: "ready", lines } : { kind: "missing" };
}

/** The amount to pay in dollars: the sum of the line totals in whole cents (no tax, shipping or fees). */
export function checkoutTotal(lines: readonly Pick<CartLine, "total">[]): number {
  return fromCents(lines.reduce((cents, line) => cents + toCents(line.total), 0));
}

/** The number of units. */
export function countItems(lines: readonly Pick<CartLine, "quantity">[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
