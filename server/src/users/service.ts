import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}

/** Makes these accounts admins; answers how many changed (already-admins do not count). */
export async function promoteToAdmin(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await db
    .update(users)
    .set({ role: "admin" })
    .where(
      sql`${inArray(
        users.email,
        emails.map((email) => email.trim().toLowerCase()),
      )} and ${users.role} <> 'admin'`,
    )
    .returning({ id: users.id });
  return changed.length;
}
