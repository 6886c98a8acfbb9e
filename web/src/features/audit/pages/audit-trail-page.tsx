import { AUDIT_KINDS, type AuditKind } from "@shop/contract/desk-constants";
import { useDeferredValue } from "react";

import { useSearchParamWriter } from "@/hooks/use-search-param-writer";
import { EmptyState } from "@/components/empty-state";
import { FormField } from "@/components/form-field";
import { LoadMoreOf } from "@/components/load-more";
import { PageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useAuditEvents, type AuditFilter } from "@/features/audit/api/audit";
import { AUDIT_KIND_LABELS, AuditEntry } from "@/features/audit/components/audit-entry";

const TITLE = "Audit Trail";
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const readKind = (value: string | null): AuditKind | null =>
  AUDIT_KINDS.find((kind) => kind === value) ?? null;
const readDay = (value: string | null) => (value && DAY_PATTERN.test(value) ? value : "");

const controlClass =
  "min-h-10 rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-ink shadow-xs";

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
      <PageTitle
        title={TITLE}
        level={2}
        documentTitle={`${TITLE} · Dashboard`}
        subtitle="Who changed what and when. Recorded with each change; nobody can edit it."
      />
      <form
        role="search"
        aria-label="Filter the audit trail"
        onSubmit={(event) => event.preventDefault()}
        className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <FormField label="Kind">
          {(control) => (
            <select
              {...control}
              value={filter.kind ?? ""}
              onChange={(event) => set("kind", event.target.value)}
              className={controlClass}
            >
              <option value="">Every change</option>
              {AUDIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {AUDIT_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Who or what">
          {(control) => (
            <input
              {...control}
              type="search"
              value={q}
              placeholder="E-mail, product, #order"
              maxLength={100}
              onChange={(event) => set("q", event.target.value)}
              className={controlClass}
            />
          )}
        </FormField>
        <FormField label="From">
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.from}
              onChange={(event) => set("from", event.target.value)}
              className={controlClass}
            />
          )}
        </FormField>
        <FormField label="To">
          {(control) => (
            <input
              {...control}
              type="date"
              value={filter.to}
              onChange={(event) => set("to", event.target.value)}
              className={controlClass}
            />
          )}
        </FormField>
      </form>

      <QueryStates
        query={query}
        pending={<Spinner label="Loading the audit trail" />}
        errorTitle="We couldn’t load the audit trail"
        isEmpty={() => events.length === 0}
        empty={
          <EmptyState title="No changes match">
            Changes to prices, stock, products, orders and roles appear here.
          </EmptyState>
        }
      >
        {() => (
          <>
            <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
              {total} {total === 1 ? "change" : "changes"}
            </p>
            <ol className="flex flex-col gap-3" aria-label="Changes, newest first">
              {events.map((event) => (
                <AuditEntry key={event._id} event={event} />
              ))}
            </ol>
            {query.hasNextPage ? (
              <LoadMoreOf query={query} shown={events.length} total={total} noun="changes" />
            ) : null}
          </>
        )}
      </QueryStates>
    </>
  );
}
