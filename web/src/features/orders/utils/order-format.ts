import { t } from "@/features/orders/messages";
import { formatDate } from "@/lib/i18n";

/** "Order #1001": how a shopper quotes an order. */
export function orderTitle(number: number): string {
  return t("orders.title", { number });
}

/** "Jun 3, 2025, 2:15 PM" in the shopper's time zone, as the page's language writes it. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDate(date, { dateStyle: "medium", timeStyle: "short" });
}

/** "Jun 3, 2025". */
export function formatOrderDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDate(date, { dateStyle: "medium" });
}

/** What the order holds, as a shopper recognises it: "Linen Shirt, Court Sneaker and 2 more". */
export function namesOfItems(lines: readonly { name: string }[], shown = 2): string {
  const names = lines.slice(0, shown).map((line) => line.name);
  const more = lines.length - names.length;
  if (more > 0) return t("orders.names.more", { names: names.join(", "), count: more });
  return names.length > 1
    ? t("orders.names.two", { first: names.slice(0, -1).join(", "), last: names.at(-1)! })
    : (names[0] ?? "");
}

/** "1 item", "3 items": units over all lines. */
export function describeItems(lines: readonly { quantity: number }[]): string {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return t("orders.items", { count });
}
