import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** Who makes a change: the signed-in user (id and e-mail are copied into each audit event). */
export interface AuditActor {
  id: string;
  email: string;
}

/**
 * Names the actor for the audit triggers of the current transaction (transaction-local settings,
 * gone at commit or rollback). Call it first inside a transaction that changes audited rows.
 */
export async function setAuditActor(tx: Db, actor: AuditActor): Promise<void> {
  await tx.execute(sql`select ${auditActorSetting(actor)}`);
}

/**
 * The expression setAuditActor selects, for a statement that names the actor on its way (one
 * round trip less): evaluated once per row it returns, so the statement must return one.
 */
export const auditActorSetting = (actor: AuditActor) =>
  sql`set_config('shop.actor_id', ${actor.id}, true) || set_config('shop.actor_email', ${actor.email}, true)`;

/** Runs `work` in a transaction whose audited changes are recorded as `actor`'s. */
export function withAuditActor<T>(db: Db, actor: AuditActor, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setAuditActor(tx, actor);
    return work(tx);
  });
}
