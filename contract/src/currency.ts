/**
 * The shop's one currency (SHOP_CURRENCY, decision 040), without zod so any bundle may import it.
 * Every `…Cents` column and `…Cents` field holds the currency's minor units (cents for USD and EUR,
 * yen for JPY, fils for KWD); the API carries major units with the currency's decimals.
 */
export const DEFAULT_CURRENCY = "USD";

/**
 * ISO 4217 currencies whose minor unit is not 1/100 (everything else has 2 decimals). Written out
 * rather than asked of Intl: browsers ship different ICU data (some give HUF 0 decimals), and the
 * server, the web app and the database must agree on what "minor unit" means.
 */
const DECIMALS_OTHER_THAN_TWO: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export const decimalsOf = (currency: string): number => DECIMALS_OTHER_THAN_TWO[currency] ?? 2;

export type ShopCurrency = {
  /** ISO 4217, upper case: "USD", "JPY", "KWD". */
  code: string;
  /** Digits after the decimal point: 0 for JPY, 2 for USD, 3 for KWD. */
  decimals: number;
  /** Minor units in one major unit: 1, 100 or 1000. */
  factor: number;
};

export const currencyOf = (code: string): ShopCurrency => {
  const decimals = decimalsOf(code);
  return { code, decimals, factor: 10 ** decimals };
};

/**
 * The currency this process sells in. One per shop (every instance reads the same SHOP_CURRENCY), set
 * once at start-up by the server (buildApp) and by the web app (the page's meta tag): a module
 * value rather than an argument through every schema and converter that touches money.
 */
let active: ShopCurrency = currencyOf(DEFAULT_CURRENCY);

export const setShopCurrency = (code: string) => {
  active = currencyOf(code);
};
export const shopCurrency = (): ShopCurrency => active;

/** Minor units (integer) to the wire's major units: 1999 -> 19.99 (USD), 1999 -> 1999 (JPY), 1999 -> 1.999 (KWD). */
export const minorToMajor = (minor: number) => Math.round(minor) / active.factor;
/** The wire's major units to integer minor units, rounded to the nearest one. */
export const majorToMinor = (major: number) => Math.round(major * active.factor);

/** True when `value` has no more decimals than the currency allows (19.99 in USD, 1.999 in KWD, 500 in JPY). */
export const fitsMinorUnits = (value: number) =>
  Math.abs(value * active.factor - Math.round(value * active.factor)) < 1e-6;

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
