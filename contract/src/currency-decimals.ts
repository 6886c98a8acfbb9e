import { setShopCurrencyUnits } from "./currency";

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

/** Makes `code` the process's currency, with its ISO 4217 decimals (the server, at start-up). */
export const setShopCurrency = (code: string) => setShopCurrencyUnits(code, decimalsOf(code));
