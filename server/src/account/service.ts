import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mails, orders, users } from "../db/schema";

/** What an order keeps of a deleted account: the shop's books, not the person. */
export const DELETED_ACCOUNT = "deleted account";

/**
 * Before an account goes: its orders stay (the shop's books) without the personal data in them
 * (address, name, phone, e-mail), and the mails to its address leave the outbox. Sessions, cart
 * lines, profile and linked accounts go with the user row itself (ON DELETE CASCADE).
 */
export async function forgetPersonalData(db: Db, user: { id: string; email: string }): Promise<void> {
  await db
    .update(orders)
    .set({
      email: DELETED_ACCOUNT,
      deliveryName: DELETED_ACCOUNT,
      deliveryAddress: DELETED_ACCOUNT,
      deliveryCity: DELETED_ACCOUNT,
      deliveryPhone: DELETED_ACCOUNT,
    })
    .where(eq(orders.userId, user.id));
  await db.delete(mails).where(eq(mails.recipient, user.email.toLowerCase()));
}

/**
 * ADMIN_EMAILS grants admin only to an address its owner has proven (the verification link, or
 * the provider's `email_verified`): whoever registers a listed address first gets nothing by it.
 */
export async function promoteVerifiedAdmins(db: Db, adminEmails: readonly string[]): Promise<number> {
  if (adminEmails.length === 0) return 0;
  const changed = await db
    .update(users)
    .set({ role: "admin" })
    .where(
      and(
        inArray(users.email, [...adminEmails]),
        eq(users.emailVerified, true),
        sql`${users.role} <> 'admin'`,
      ),
    )
    .returning({ id: users.id });
  return changed.length;
}
