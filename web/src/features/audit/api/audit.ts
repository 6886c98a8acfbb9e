import type { AuditEvent, AuditKind } from "@shop/contract/desk";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";

import { api, nextOffset } from "@/lib/api-client";

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilter {
  kind: AuditKind | null;
  q: string;
  from: string;
  to: string;
}

/** GET /api/admin/audit: newest first, one page at `offset`. */
export function getAuditEvents(filter: AuditFilter, offset: number, signal?: AbortSignal) {
  return api.list<AuditEvent>("/admin/audit", {
    query: {
      kind: filter.kind,
      q: filter.q || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
      limit: AUDIT_PAGE_SIZE,
      offset,
    },
    signal,
  });
}

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ["audit", filter] as const,
    queryFn: ({ pageParam, signal }) => getAuditEvents(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useAuditEvents = (filter: AuditFilter) =>
  useInfiniteQuery({ ...auditQueryOptions(filter), placeholderData: keepPreviousData });
