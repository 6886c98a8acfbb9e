import type { CartLine } from "@shop/contract/cart";

import { fromCents, toCents } from "@/components/price";
import type { PageSizes } from "@/config/ui";

/** The cart's total in dollars: the sum of the line totals, counted in whole cents. */
export function cartTotal(lines: readonly Pick<CartLine, "total">[]): number {
  return fromCents(lines.reduce((cents, line) => cents + toCents(line.total), 0));
}

/**
 * Client-side paging of the cart (SPEC: 5, plus 5 per 'Load more...'): how many lines show after
 * `clicks` presses of the button, never more than there are.
 */
export function shownLineCount(lineCount: number, clicks: number, sizes: PageSizes): number {
  return Math.min(lineCount, sizes.first + clicks * sizes.step);
}

/** 'Load more...' shows only while some lines are still hidden (so only above 5 lines). */
export function hasMoreLines(lineCount: number, shown: number): boolean {
  return lineCount > shown;
}
