import { and, asc, eq, inArray, isNull, lte, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mails } from "../db/schema";
import { isSupportedLanguage, type Language } from "@shop/contract/languages";
import type { MailMessage, OutgoingMail } from "./mail-kinds";
import { recipientLanguages } from "./mail-language";
import { subjectOf } from "./templates";

export type MailRow = typeof mails.$inferSelect;

/**
 * Writes mails into the outbox. Call it with the transaction that makes what the mail tells
 * (the order, the status change): the mail exists exactly when that did. A sender delivers it
 * after the commit.
 */
export async function enqueueMails(db: Db, outgoing: OutgoingMail[]): Promise<void> {
  if (outgoing.length === 0) return;
  await db.insert(mails).values(await outboxRows(db, outgoing));
}

/**
 * The outbox rows of these mails, each in its recipient's language (recipientLanguages): the
 * subject is written now, the body when the mail is sent, both in the language the row keeps.
 */
export async function outboxRows(db: Db, outgoing: readonly OutgoingMail[]) {
  const languages = await recipientLanguages(db, outgoing);
  return outgoing.map((mail, index) => {
    const language = languages[index]!;
    const { recipient, requestLanguage: _, ...message } = mail;
    return {
      kind: mail.kind,
      recipient,
      language,
      subject: subjectOf(message, language),
      data: mail.data,
    };
  });
}

/** The outbox row's template input, as it was written. */
export const messageOf = (row: MailRow) => ({ kind: row.kind, data: row.data }) as MailMessage;

/** The language the row's mail is written in; a row of a language no longer known reads as English. */
export const languageOfRow = (row: Pick<MailRow, "language">): Language =>
  isSupportedLanguage(row.language) ? row.language : "en";

/**
 * Takes up to `limit` due mails for this sender: one statement marks them claimed for `leaseMs`
 * and counts the attempt. `FOR UPDATE SKIP LOCKED` lets senders on several instances claim at
 * once without waiting for, or taking, each other's rows; the lease keeps a claimed mail from
 * being taken again while it is being sent, and frees it if the sender dies.
 */
export async function claimDueMails(db: Db, limit: number, leaseMs: number): Promise<MailRow[]> {
  const due = db
    .select({ id: mails.id })
    .from(mails)
    .where(
      and(
        eq(mails.status, "pending"),
        lte(mails.nextAttemptAt, sql`now()`),
        or(isNull(mails.claimedUntil), lt(mails.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mails.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mails)
    .set({
      claimedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${mails.attempts} + 1`,
    })
    .where(inArray(mails.id, due))
    .returning();
}

export async function markDelivered(db: Db, id: string, status: "sent" | "logged"): Promise<void> {
  await db
    .update(mails)
    .set({ status, sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(eq(mails.id, id));
}

/** A failed attempt: try again after `retryInMs`, or never (null: the server refused it for good). */
export async function markFailed(db: Db, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(mails)
    .set({
      claimedUntil: null,
      lastError: error.slice(0, 500),
      ...(retryInMs === null
        ? { status: "failed" as const }
        : { nextAttemptAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` }),
    })
    .where(eq(mails.id, id));
}
