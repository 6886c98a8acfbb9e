import { ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { orders } from "../db/schema";

/**
 * Start-up's check that SHOP_CURRENCY matches the orders already taken (decision 040): their
 * `…_cents` count minor units of their own currency, and the shop does not convert, so changing
 * the setting under them would reprice every total, refund and report. Answers the one line
 * start-up stops with, or null when the setting fits (no orders, or all in this currency).
 */
export async function currencyChangeRefusal(db: Db, currency: string): Promise<string | null> {
  const others = await db
    .select({ currency: orders.currency, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(ne(orders.currency, currency))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  if (others.length === 0) return null;
  const held = others.map((row) => `${row.count} in ${row.currency}`).join(", ");
  return `Invalid configuration: SHOP_CURRENCY is ${currency}, but the shop has orders in another currency (${held}); set it back, or start a new shop for ${currency} (decision 040).`;
}
