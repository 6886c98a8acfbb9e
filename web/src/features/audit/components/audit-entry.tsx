import type { AuditEvent, AuditKind } from "@shop/contract/desk";

import { formatPrice, fromCents } from "@/components/price";

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  price: "Price",
  stock: "Stock",
  product: "Product",
  order_status: "Order status",
  user_role: "User role",
  collection: "Collection",
};

/** The fields' names, in the order an entry lists them. */
const FIELD_LABELS: Record<string, string> = {
  name: "name",
  category: "category",
  price_cents: "price",
  stock: "stock",
  description: "description",
  image: "image",
  status: "status",
  publish_at: "publish time",
  role: "role",
  // Collections (decision 048).
  slug: "address",
  title: "title",
  kind: "kind",
  min_price_cents: "lowest price",
  max_price_cents: "highest price",
  on_sale: "on sale",
  newest_n: "newest",
  products: "products",
  added: "added",
  removed: "removed",
};

const PRICE_FIELDS = new Set(["price_cents", "min_price_cents", "max_price_cents"]);

const MAX_TEXT = 80;

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (PRICE_FIELDS.has(field) && typeof value === "number") return formatPrice(fromCents(value));
  const text = String(value);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** "price: $ 12.00 → $ 10.00" for each field the event holds. */
function changes(event: AuditEvent): { field: string; before: string; after: string }[] {
  const order = Object.keys(FIELD_LABELS);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return fields.map((field) => ({
    field: FIELD_LABELS[field] ?? field,
    before: event.before ? valueText(field, event.before[field]) : "—",
    after: event.after ? valueText(field, event.after[field]) : "—",
  }));
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium" });

/** One event: when, who, what it was about, and each field before → after. */
export function AuditEntry({ event }: { event: AuditEvent }) {
  const title = `${AUDIT_KIND_LABELS[event.kind]} ${event.action}: ${event.entityLabel}`;
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <article aria-label={title}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="min-w-0 font-semibold break-words text-ink">
            <span className="mr-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {AUDIT_KIND_LABELS[event.kind]}
            </span>
            {event.entityLabel} <span className="font-normal text-ink-muted">{event.action}</span>
          </h3>
          <time dateTime={event.at} className="text-xs text-ink-muted tabular-nums">
            {when(event.at)}
          </time>
        </div>
        <p className="mt-1 text-sm text-ink-muted">
          By <span className="font-medium text-ink">{event.actorEmail ?? "the system"}</span>
        </p>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {changes(event).map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-medium text-ink">{change.field}</span>: {change.before}{" "}
              <span aria-label="changed to">→</span> {change.after}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}
