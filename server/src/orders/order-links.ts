import { and, eq, isNull, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { orderLinks, orders } from "../db/schema";

/**
 * Private links to a guest's order (docs/decisions/042-guest-checkout.md): 32 random bytes, mailed
 * and never answered by the API; the table keeps their SHA-256 only, so neither a database copy nor
 * an admin's screen can open an order with them.
 */

/** 32 random bytes, base64url (43 characters): a bag's cookie, an order link's token. */
export const newSecretToken = () => randomBytes(32).toString("base64url");
/** What the database keeps of a token. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new link to the order; answers the token, which only its mail will carry. */
export async function createOrderLink(tx: Db, orderId: string): Promise<string> {
  const token = newSecretToken();
  await tx.insert(orderLinks).values({ orderId, tokenHash: hashToken(token) });
  return token;
}

/** The order a live link opens, or null (unknown, revoked). */
export async function orderIdOfLink(db: Db, token: string): Promise<string | null> {
  const [link] = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(and(eq(orderLinks.tokenHash, hashToken(token)), isNull(orderLinks.revokedAt)));
  return link?.orderId ?? null;
}

/** Revokes this link (the others to the order keep working); answers whether it was live. */
export async function revokeOrderLink(db: Db, token: string): Promise<boolean> {
  const revoked = await db
    .update(orderLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(orderLinks.tokenHash, hashToken(token)), isNull(orderLinks.revokedAt)))
    .returning({ id: orderLinks.id });
  return revoked.length > 0;
}

/** The guest order with this number placed with this address, or null. */
export async function findGuestOrder(db: Db, number: number, email: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.number, number),
        sql`${orders.guestBagId} is not null`,
        sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`,
      ),
    );
  return row ?? null;
}

/**
 * A verified account takes the guest orders placed with its address: they appear in its orders
 * and count as its purchases (reviews). Only ever called for a verified address.
 */
export async function claimGuestOrders(db: Db, user: { id: string; email: string }): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ userId: user.id })
    .where(
      and(
        sql`${orders.guestBagId} is not null`,
        isNull(orders.userId),
        sql`lower(${orders.email}) = ${user.email.trim().toLowerCase()}`,
      ),
    )
    .returning({ id: orders.id });
  return claimed.length;
}
