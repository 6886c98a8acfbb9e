/**
 * The shop's one currency (SHOP_CURRENCY, decision 040), without zod or the ISO table so any
 * bundle may import it.
 * Every `…Cents` column and `…Cents` field holds the currency's minor units (cents for USD and EUR,
 * yen for JPY, fils for KWD); the API carries major units with the currency's decimals.
 */
export const DEFAULT_CURRENCY = "USD";

export type ShopCurrency = {
  /** ISO 4217, upper case: "USD", "JPY", "KWD". */
  code: string;
  /** Digits after the decimal point: 0 for JPY, 2 for USD, 3 for KWD. */
  decimals: number;
  /** Minor units in one major unit: 1, 100 or 1000. */
  factor: number;
};

/**
 * The currency this process sells in. One per shop (every instance reads the same SHOP_CURRENCY), set
 * once at start-up by the server (buildApp) and by the web app (the page's meta tag): a module
 * value rather than an argument through every schema and converter that touches money.
 */
let active: ShopCurrency = { code: DEFAULT_CURRENCY, decimals: 2, factor: 100 };

/**
 * Sets the currency with the decimals it is known by: the server's come from the ISO table
 * (`setShopCurrency` in ./currency-decimals), the web app's from its page (the table stays out of
 * the browser's bundle).
 */
export const setShopCurrencyUnits = (code: string, decimals: number) => {
  active = { code, decimals, factor: 10 ** decimals };
};
export const shopCurrency = (): ShopCurrency => active;

/** Minor units (integer) to the wire's major units: 1999 -> 19.99 (USD), 1999 -> 1999 (JPY), 1999 -> 1.999 (KWD). */
export const minorToMajor = (minor: number) => Math.round(minor) / active.factor;
/** The wire's major units to integer minor units, rounded to the nearest one. */
export const majorToMinor = (major: number) => Math.round(major * active.factor);

/** True when `value` has no more decimals than the currency allows (19.99 in USD, 1.999 in KWD, 500 in JPY). */
export const fitsMinorUnits = (value: number) =>
  Math.abs(value * active.factor - Math.round(value * active.factor)) < 1e-6;

/** "a positive amount with at most 2 decimals" (USD), "… 3 decimals" (KWD), "a positive whole amount" (JPY). */
export const positiveAmountText = () =>
  active.decimals ? `a positive amount with at most ${active.decimals} decimals` : "a positive whole amount";

/** A major amount written with exactly the currency's decimals, no symbol: 4.5 -> "4.50" (USD), "5" (JPY), "4.500" (KWD). */
export const plainAmount = (major: number) => major.toFixed(active.decimals);

/**
 * An amount in minor units for mails, documents and messages. US dollars in en-US keep the shop's
 * long-standing "$12.50" (no grouping); any other currency or locale goes through Intl.
 */
export const formatMinor = (minor: number, locale = "en-US") => {
  if (active.code === "USD" && locale === "en-US") return `$${(minor / 100).toFixed(2)}`;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: active.code,
    minimumFractionDigits: active.decimals,
    maximumFractionDigits: active.decimals,
  }).format(minorToMajor(minor));
};
