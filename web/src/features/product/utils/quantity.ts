import { fromCents, toCents } from "@/components/price";
import { QUANTITY_MAX, QUANTITY_MIN } from "@/config/ui";
import { formatDate } from "@/lib/i18n";

/** A whole number between 0 (SPEC section 5: never below 0) and `max` (99, or what is in stock). */
export function clampQuantity(quantity: number, max = QUANTITY_MAX): number {
  if (!Number.isFinite(quantity)) return QUANTITY_MIN;
  return Math.min(max, Math.max(QUANTITY_MIN, Math.trunc(quantity)));
}

/** What the quantity box holds, as a quantity; null while it holds nothing usable (being edited). */
export function parseQuantity(text: string, max = QUANTITY_MAX): number | null {
  if (!/^\s*-?\d+\s*$/.test(text)) return null;
  return clampQuantity(Number.parseInt(text, 10), max);
}

/** SPEC section 2: the unit price times the quantity once the quantity is above 0, else the unit price. */
export function displayedPrice(unitPrice: number, quantity: number): number {
  if (quantity <= 0) return unitPrice;
  return fromCents(toCents(unitPrice) * quantity);
}

/** "Dec 1, 2026, 10:00 AM": when a running sale ends, in the shopper's own time zone and the page's language. */
export const saleEndText = (iso: string) => formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
