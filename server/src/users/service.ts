import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/** What asking to make an account an admin came to. */
export type Promotion = "promoted" | "already-admin" | "unverified" | "no-account";

/** Why an account whose address was never confirmed cannot be made an admin (API and CLI). */
export const UNVERIFIED_ADMIN_MESSAGE =
  "Only accounts with a confirmed e-mail address can be admins. Ask them to open the confirmation link (their profile sends a new one), then try again.";

/**
 * Makes one account an admin when its address is confirmed (decision 038): the same rule as
 * ADMIN_EMAILS, so an admin is always someone who proved the address. The check and the change
 * are one statement, so an address unconfirmed in between cannot slip through.
 */
export async function promoteToAdmin(db: Db, email: string): Promise<Promotion> {
  const address = email.trim().toLowerCase();
  const changed = await db
    .update(users)
    .set({ role: "admin" })
    .where(and(eq(users.email, address), eq(users.emailVerified, true), sql`${users.role} <> 'admin'`))
    .returning({ id: users.id });
  if (changed.length > 0) return "promoted";
  const user = await findUserByEmail(db, address);
  if (!user) return "no-account";
  return user.role === "admin" ? "already-admin" : "unverified";
}
