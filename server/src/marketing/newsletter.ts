import { randomBytes } from "node:crypto";
import {
  NEWSLETTER_CONSENT_TEXT,
  type NewsletterSource,
  type NewsletterStatus,
} from "@shop/contract/marketing";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscribers } from "../db/schema";
import { enqueueMails } from "../mail/outbox";

export type SubscriberRow = typeof subscribers.$inferSelect;

/** The page a confirmation mail's link opens; it posts the token to /api/newsletter/confirm. */
export const CONFIRM_PAGE = "/newsletter/confirm";

export const newSubscriberToken = () => randomBytes(24).toString("base64url");

/**
 * Records the request (when, which form, the words shown) and mails a confirmation link; nothing
 * else is sent until it is opened. An address already confirmed is left as it is and gets no
 * mail: the answer is the same either way, so the form does not tell who subscribes.
 * Answers whether a mail was queued.
 */
export async function requestSubscription(
  db: Db,
  baseUrl: string,
  email: string,
  source: NewsletterSource,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const consent = {
      consentSource: source,
      consentText: NEWSLETTER_CONSENT_TEXT[source],
      consentedAt: sql`now()`,
    };
    const [row] = await tx
      .insert(subscribers)
      .values({ email: address, token: newSubscriberToken(), ...consent })
      .onConflictDoUpdate({
        target: subscribers.email,
        set: { ...consent, status: "pending", unsubscribedAt: null },
        setWhere: sql`${subscribers.status} <> 'confirmed'`,
      })
      .returning({ token: subscribers.token });
    if (!row) return false;
    await enqueueMails(tx, [
      {
        kind: "newsletter-confirm",
        recipient: address,
        data: { name: "", url: `${baseUrl}${CONFIRM_PAGE}?token=${encodeURIComponent(row.token)}` },
      },
    ]);
    return true;
  });
}

const statusOf = (row: Pick<SubscriberRow, "email" | "status">): NewsletterStatus => ({
  email: row.email,
  status: row.status,
});

/** Opens the confirmation link. A link of an address that unsubscribed since does not subscribe it again. */
export async function confirmSubscription(db: Db, token: string): Promise<NewsletterStatus | undefined> {
  const [confirmed] = await db
    .update(subscribers)
    .set({ status: "confirmed", confirmedAt: sql`now()` })
    .where(and(eq(subscribers.token, token), eq(subscribers.status, "pending")))
    .returning();
  if (confirmed) return statusOf(confirmed);
  const [row] = await db.select().from(subscribers).where(eq(subscribers.token, token));
  return row && statusOf(row);
}

/** Leaves the list at once; undefined for a token nobody has. */
export async function unsubscribe(db: Db, token: string): Promise<NewsletterStatus | undefined> {
  const [left] = await db
    .update(subscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
    .where(and(eq(subscribers.token, token), sql`${subscribers.status} <> 'unsubscribed'`))
    .returning();
  if (left) return statusOf(left);
  const [row] = await db.select().from(subscribers).where(eq(subscribers.token, token));
  return row && statusOf(row);
}

/** The confirmed subscriber behind an address, for marketing mail that needs their token. */
export async function confirmedSubscriber(db: Db, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.email, email.toLowerCase()), eq(subscribers.status, "confirmed")));
  return row;
}
