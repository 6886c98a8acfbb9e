import type { AuditEvent, AuditKind } from "@shop/contract/desk";

import { formatPrice, fromCents } from "@/components/price";
import { t } from "@/features/audit/messages";
import { formatDate } from "@/lib/i18n";

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  price: t("audit.kind.price"),
  stock: t("audit.kind.stock"),
  product: t("audit.kind.product"),
  order_status: t("audit.kind.orderStatus"),
  user_role: t("audit.kind.userRole"),
  collection: t("audit.kind.collection"),
};

/** The fields' names, in the order an entry lists them. */
const FIELD_LABELS: Record<string, string> = {
  name: t("audit.field.name"),
  category: t("audit.field.category"),
  price_cents: t("audit.field.price"),
  stock: t("audit.field.stock"),
  description: t("audit.field.description"),
  image: t("audit.field.image"),
  status: t("audit.field.status"),
  publish_at: t("audit.field.publishAt"),
  role: t("audit.field.role"),
  // Collections (decision 048).
  slug: t("audit.field.slug"),
  title: t("audit.field.title"),
  kind: t("audit.field.kind"),
  min_price_cents: t("audit.field.minPrice"),
  max_price_cents: t("audit.field.maxPrice"),
  on_sale: t("audit.field.onSale"),
  newest_n: t("audit.field.newest"),
  products: t("audit.field.products"),
  added: t("audit.field.added"),
  removed: t("audit.field.removed"),
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

const when = (iso: string) => formatDate(iso, { dateStyle: "medium", timeStyle: "medium" });

/** Stands in for who made the change while "By {who}" is split around it (the name is emphasised). */
const WHO_MARK = "\u0000";

/** One event: when, who, what it was about, and each field before → after. */
export function AuditEntry({ event }: { event: AuditEvent }) {
  const title = t("audit.entry.title", {
    kind: AUDIT_KIND_LABELS[event.kind],
    action: event.action,
    label: event.entityLabel,
  });
  const [beforeWho = "", afterWho = ""] = t("audit.entry.by", { who: WHO_MARK }).split(WHO_MARK);
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <article aria-label={title}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="min-w-0 font-semibold break-words text-ink">
            <span className="mr-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
              {AUDIT_KIND_LABELS[event.kind]}
            </span>
            {event.entityLabel}{" "}
            <span className="font-normal text-ink-muted">
              {t("audit.entry.action", { action: event.action })}
            </span>
          </h3>
          <time dateTime={event.at} className="text-xs text-ink-muted tabular-nums">
            {when(event.at)}
          </time>
        </div>
        <p className="mt-1 text-sm text-ink-muted">
          {beforeWho}
          <span className="font-medium text-ink">{event.actorEmail ?? t("audit.entry.system")}</span>
          {afterWho}
        </p>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {changes(event).map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-medium text-ink">{change.field}</span>: {change.before}{" "}
              <span aria-label={t("audit.entry.changedTo")}>→</span> {change.after}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}
