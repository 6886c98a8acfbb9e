import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { createHash, randomBytes } from "node:crypto";
import { DELETED_ACCOUNT } from "../account/service";
import type { Db } from "../db/client";
import { orderLinks, orders } from "../db/schema";
import type { OrderMail } from "../mail/order-mail";

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

/**
 * Makes a mail about an order ready for the outbox, in the caller's transaction: an order still a
 * guest's (placed without an account, not claimed) opens through a fresh private link, since the
 * account's order page would ask a guest to sign in; an order whose account was deleted has no
 * address left to write to (null).
 */
export async function prepareOrderMail<M extends OrderMail>(tx: Db, mail: M): Promise<M | null> {
  const [row] = await tx
    .select({ userId: orders.userId, guestBagId: orders.guestBagId, email: orders.email })
    .from(orders)
    .where(eq(orders.id, mail.data.orderId));
  if (!row || row.email === DELETED_ACCOUNT) return null;
  if (!row.userId && row.guestBagId) mail.data.orderLinkToken = await createOrderLink(tx, mail.data.orderId);
  return mail;
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

/** After the payment hold, this long more the bag that placed an order may still read it (below). */
export const BAG_READS_ORDER_MINUTES = 60;

/**
 * The guest order this bag placed, while its buyer may still be on the way back from the payment
 * provider's page (Stripe Checkout returns a guest to /cart?order=<id>, decision 042): as long as it
 * awaits its payment, and until the hold plus an hour has passed since it was placed. Null
 * otherwise, whatever the reason (another bag's, an account's, unknown, too old): the bag's
 * cookie is not a lasting key to the order, the mailed link is.
 */
export async function orderIdOfBag(
  db: Db,
  bagId: string,
  orderId: string,
  { now, holdMinutes }: { now: number; holdMinutes: number },
): Promise<string | null> {
  const since = new Date(now - (holdMinutes + BAG_READS_ORDER_MINUTES) * 60_000);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.guestBagId, bagId),
        or(eq(orders.paymentStatus, "awaiting"), gt(orders.createdAt, since)),
      ),
    );
  return row?.id ?? null;
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
