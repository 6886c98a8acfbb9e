import { moneySettingsSchema, type MoneySettings } from "@shop/contract/money";
import { shopSetting } from "../db/shop-settings";
import type { TaxSettings } from "./totals";

export const MONEY_KEY = "money";

/** Until the owner saves settings: no tax, prices as entered, returns within 30 days. */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  taxRate: 0,
  pricesIncludeTax: true,
  returnWindowDays: 30,
};

const moneySettings = shopSetting(MONEY_KEY, moneySettingsSchema, DEFAULT_MONEY_SETTINGS);
/** Read on every use (no cache): a change on one instance holds at once on all. */
export const getMoneySettings = moneySettings.get;
/** The stored value (undefined: never saved) over the defaults. */
export const moneySettingsFrom = moneySettings.from;
export const setMoneySettings = moneySettings.set;

export function taxSettingsOf(settings: MoneySettings): TaxSettings {
  return { rateBasisPoints: Math.round(settings.taxRate * 100), pricesIncludeTax: settings.pricesIncludeTax };
}
