import { AUDIT_KINDS, type AuditKind } from "@shop/contract/desk-constants";
import { useDeferredValue } from "react";

import { useSearchParamWriter } from "@/hooks/use-search-param-writer";
import { COMPACT_CONTROL_CLASSES, DayField } from "@/components/day-field";
import { EmptyState } from "@/components/empty-state";
import { FormField } from "@/components/form-field";
import { LoadMoreOf } from "@/components/load-more";
import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useAuditEvents, type AuditFilter } from "@/features/audit/api/audit";
import { AUDIT_KIND_LABELS, AuditEntry } from "@/features/audit/components/audit-entry";
import { t } from "@/features/audit/messages";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const readKind = (value: string | null): AuditKind | null =>
  AUDIT_KINDS.find((kind) => kind === value) ?? null;
const readDay = (value: string | null) => (value && DAY_PATTERN.test(value) ? value : "");

/**
 * /dashboard/audit (admins): every change to a price, stock, product, order status or role,
 * newest first, filtered by kind, by who or what, and by day. Read-only: the trail cannot be
 * edited from anywhere.
 */
export function AuditTrailPage() {
  const [params, set] = useSearchParamWriter();
  const q = params.get("q") ?? "";
  const deferredQ = useDeferredValue(q.trim());
  const filter: AuditFilter = {
    kind: readKind(params.get("kind")),
    q: deferredQ,
    from: readDay(params.get("from")),
    to: readDay(params.get("to")),
  };
  const query = useAuditEvents(filter);

  const events = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;

  return (
    <>
      <DeskPageTitle
        title={t("audit.title")}
        documentTitle={t("audit.documentTitle")}
        subtitle={t("audit.subtitle")}
        className="mb-8"
      />
      <form
        role="search"
        aria-label={t("audit.filterLabel")}
        onSubmit={(event) => event.preventDefault()}
        className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FormField label={t("audit.filter.kind")}>
          {(control) => (
            <select
              {...control}
              value={filter.kind ?? ""}
              onChange={(event) => set("kind", event.target.value)}
              className={COMPACT_CONTROL_CLASSES}
            >
              <option value="">{t("audit.filter.everyKind")}</option>
              {AUDIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {AUDIT_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("audit.filter.who")}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={q}
              placeholder={t("audit.filter.whoPlaceholder")}
              maxLength={100}
              onChange={(event) => set("q", event.target.value)}
              className={COMPACT_CONTROL_CLASSES}
            />
          )}
        </FormField>
        <DayField label={t("audit.filter.from")} value={filter.from} onChange={(day) => set("from", day)} />
        <DayField label={t("audit.filter.to")} value={filter.to} onChange={(day) => set("to", day)} />
      </form>

      <QueryStates
        query={query}
        pending={<Spinner label={t("audit.loading")} />}
        errorTitle={t("audit.loadError")}
        isEmpty={() => events.length === 0}
        empty={<EmptyState title={t("audit.emptyTitle")}>{t("audit.emptyText")}</EmptyState>}
      >
        {() => (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {t("audit.count", { total })}
            </p>
            <ol className="flex flex-col gap-3" aria-label={t("audit.listLabel")}>
              {events.map((event) => (
                <AuditEntry key={event._id} event={event} />
              ))}
            </ol>
            {query.hasNextPage ? (
              <LoadMoreOf query={query} shown={events.length} total={total} noun={t("audit.loadMoreNoun")} />
            ) : null}
          </>
        )}
      </QueryStates>
    </>
  );
}
