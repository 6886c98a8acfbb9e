import type { Language } from "@shop/contract/languages";
import { randomBytes } from "node:crypto";
import {
  BAG_REMINDER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_TEXT,
  type BagRemindersSetting,
  type NewsletterSource,
  type NewsletterStatus,
} from "@shop/contract/marketing";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inLanguage } from "../i18n/english-texts";
import { bagReminderConsents, subscribers, users } from "../db/schema";
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
  /** The language of the form's page: the mail's, unless the address has an account with its own. */
  requestLanguage?: Language,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const consent = {
      consentSource: source,
      // The words as the form showed them, in its page's language.
      consentText: inLanguage(NEWSLETTER_CONSENT_TEXT[source], requestLanguage ?? "en"),
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
        requestLanguage,
        data: { name: "", url: `${baseUrl}${CONFIRM_PAGE}?token=${encodeURIComponent(row.token)}` },
      },
    ]);
    return true;
  });
}

const statusOf = (row: Pick<SubscriberRow, "email" | "status">): NewsletterStatus => ({
  email: row.email,
  status: row.status,
  list: "newsletter",
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
  return row ? statusOf(row) : stopBagReminders(db, token);
}

/** A bag reminder's unsubscribe link (the same endpoints): that shopper's reminders stop at once. */
async function stopBagReminders(db: Db, token: string): Promise<NewsletterStatus | undefined> {
  await db
    .update(bagReminderConsents)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(bagReminderConsents.token, token), isNull(bagReminderConsents.withdrawnAt)));
  const [row] = await db
    .select({ email: users.email })
    .from(bagReminderConsents)
    .innerJoin(users, eq(users.id, bagReminderConsents.userId))
    .where(eq(bagReminderConsents.token, token));
  return row && { email: row.email, status: "unsubscribed", list: "bag-reminders" };
}

/** Whether the shopper said yes to bag reminders (and has not taken it back). */
export async function bagRemindersSetting(db: Db, userId: string): Promise<BagRemindersSetting> {
  const [row] = await db
    .select({ withdrawnAt: bagReminderConsents.withdrawnAt })
    .from(bagReminderConsents)
    .where(eq(bagReminderConsents.userId, userId));
  return { optedIn: row !== undefined && row.withdrawnAt === null };
}

/**
 * Yes records the consent anew (now, the Account page, the words it shows) with a fresh token;
 * no withdraws it. Either way the row stays, as the record of what was agreed and when.
 */
export async function setBagReminders(
  db: Db,
  userId: string,
  optedIn: boolean,
  /** The Account page's language: the words are recorded as it showed them. */
  pageLanguage: Language = "en",
): Promise<BagRemindersSetting> {
  if (optedIn) {
    const consent = {
      token: newSubscriberToken(),
      consentSource: "account",
      consentText: inLanguage(BAG_REMINDER_CONSENT_TEXT, pageLanguage),
      consentedAt: new Date(),
      withdrawnAt: null,
    };
    await db
      .insert(bagReminderConsents)
      .values({ userId, ...consent })
      .onConflictDoUpdate({ target: bagReminderConsents.userId, set: consent });
  } else {
    await db
      .update(bagReminderConsents)
      .set({ withdrawnAt: sql`now()` })
      .where(and(eq(bagReminderConsents.userId, userId), isNull(bagReminderConsents.withdrawnAt)));
  }
  return { optedIn };
}

/** The confirmed subscriber behind an address, for marketing mail that needs their token. */
export async function confirmedSubscriber(db: Db, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.email, email.toLowerCase()), eq(subscribers.status, "confirmed")));
  return row;
}
