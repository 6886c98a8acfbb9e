import type { AuditEvent, AuditQuery } from "@shop/contract/desk";
import { and, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { pageOf } from "../db/page-of";
import { auditEvents } from "../db/schema";
import { escapeLikePattern } from "../products/service";

type AuditRow = typeof auditEvents.$inferSelect;

const toAuditEvent = (row: AuditRow): AuditEvent => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  actorEmail: row.actorEmail,
  kind: row.kind as AuditEvent["kind"],
  action: row.action as AuditEvent["action"],
  entityId: row.entityId,
  entityLabel: row.entityLabel,
  before: row.before as AuditEvent["before"],
  after: row.after as AuditEvent["after"],
});

/** The trail, newest first, filtered by kind, text (who or what) and UTC days (inclusive). */
export async function listAuditEvents(db: Db, query: AuditQuery) {
  const pattern = query.q ? `%${escapeLikePattern(query.q)}%` : undefined;
  const where = and(
    query.kind ? eq(auditEvents.kind, query.kind) : undefined,
    pattern ? or(ilike(auditEvents.actorEmail, pattern), ilike(auditEvents.entityLabel, pattern)) : undefined,
    query.from ? gte(auditEvents.at, sql`(${query.from}::date::timestamp at time zone 'UTC')`) : undefined,
    query.to ? lt(auditEvents.at, sql`((${query.to}::date + 1)::timestamp at time zone 'UTC')`) : undefined,
  );
  const { rows, total } = await pageOf(
    db,
    auditEvents,
    where,
    [desc(auditEvents.at), desc(auditEvents.id)],
    query,
  );
  return { items: rows.map(toAuditEvent), total };
}
