import { inArray } from "drizzle-orm";
import type { Db } from "./client";
import { shopSettings } from "./schema";

/**
 * Several of the owner's settings in one statement, by key (a key never saved is absent): a
 * checkout needs the money and the fulfilment settings, and each round trip inside its
 * transaction is one more that every other checkout may wait behind (decision 039).
 */
export async function readShopSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: shopSettings.key, value: shopSettings.value })
    .from(shopSettings)
    .where(inArray(shopSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}
