import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
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

/**
 * One of the owner's settings, stored as one value under `key`: `from` reads a stored value (or
 * undefined: never saved) over the defaults, and falls back on them when it no longer passes the
 * schema; `get` reads it on every use (no cache), so a change on one instance holds at once on
 * all; `set` saves it.
 */
export function shopSetting<Settings extends object>(
  key: string,
  schema: z.ZodType<Settings>,
  defaults: Settings,
) {
  const from = (value: unknown): Settings => {
    const parsed = schema.safeParse({ ...defaults, ...(value as object | undefined) });
    return parsed.success ? parsed.data : defaults;
  };
  return {
    from,
    get: async (db: Db): Promise<Settings> => {
      const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, key)).limit(1);
      return from(row?.value);
    },
    set: async (db: Db, settings: Settings): Promise<Settings> => {
      await db
        .insert(shopSettings)
        .values({ key, value: settings })
        .onConflictDoUpdate({ target: shopSettings.key, set: { value: settings, updatedAt: new Date() } });
      return settings;
    },
  };
}
