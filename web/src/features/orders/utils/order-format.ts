const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const shortDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** "Order #1001": how a shopper quotes an order. */
export function orderTitle(number: number): string {
  return `Order #${number}`;
}

/** "Jun 3, 2025, 2:15 PM" in the shopper's time zone. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** "Jun 3, 2025". */
export function formatOrderDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : shortDateFormat.format(date);
}

/** "1 item", "3 items": units over all lines. */
/** What the order holds, as a shopper recognises it: "Linen Shirt, Court Sneaker and 2 more". */
export function namesOfItems(lines: readonly { name: string }[], shown = 2): string {
  const names = lines.slice(0, shown).map((line) => line.name);
  const more = lines.length - names.length;
  if (more > 0) return `${names.join(", ")} and ${more} more`;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

export function describeItems(lines: readonly { quantity: number }[]): string {
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${items} ${items === 1 ? "item" : "items"}`;
}
