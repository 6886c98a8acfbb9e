import { moneySettingsSchema, type MoneySettings } from "@shop/contract/money";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { shopSettings } from "../db/schema";
import type { TaxSettings } from "./totals";

export const MONEY_KEY = "money";

/** Until the owner saves settings: no tax, prices as entered, returns within 30 days. */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  taxRate: 0,
  pricesIncludeTax: true,
  returnWindowDays: 30,
};

/** Read on every use (no cache): a change on one instance holds at once on all. */
export async function getMoneySettings(db: Db): Promise<MoneySettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, MONEY_KEY)).limit(1);
  return moneySettingsFrom(row?.value);
}

/** The stored value (undefined: never saved) over the defaults. */
export function moneySettingsFrom(value: unknown): MoneySettings {
  const parsed = moneySettingsSchema.safeParse({
    ...DEFAULT_MONEY_SETTINGS,
    ...(value as object | undefined),
  });
  return parsed.success ? parsed.data : DEFAULT_MONEY_SETTINGS;
}

export async function setMoneySettings(db: Db, settings: MoneySettings): Promise<MoneySettings> {
  await db
    .insert(shopSettings)
    .values({ key: MONEY_KEY, value: settings })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: settings, updatedAt: new Date() } });
  return settings;
}

export function taxSettingsOf(settings: MoneySettings): TaxSettings {
  return { rateBasisPoints: Math.round(settings.taxRate * 100), pricesIncludeTax: settings.pricesIncludeTax };
}
