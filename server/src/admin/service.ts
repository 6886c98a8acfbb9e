import type { ListQuery } from "@shop/contract/catalogue";
import { asc, desc, eq, ilike, or } from "drizzle-orm";
import { forgetPersonalData } from "../account/service";
import type { Db } from "../db/client";
import { pageOf } from "../db/page-of";
import { users } from "../db/schema";
import { escapeLikePattern } from "../products/service";

export async function listUsers(db: Db, query: ListQuery) {
  const pattern = query.q ? `%${escapeLikePattern(query.q)}%` : undefined;
  const where = pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const { rows, total } = await pageOf(db, users, where, [desc(users.createdAt), asc(users.id)], query);
  return {
    items: rows.map((user) => ({
      _id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
    })),
    total,
  };
}

/**
 * Removing an account takes its sessions, cart and profile with it (foreign keys cascade); its
 * orders stay without the personal data in them, as when shoppers delete their own account.
 */
export async function deleteUser(db: Db, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return 0;
    await forgetPersonalData(tx, user);
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length;
  });
}
