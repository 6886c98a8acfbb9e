import { setShopCurrencyUnits, shopCurrency } from "@shop/contract/currency";

import { numberFormat } from "@/lib/i18n";

/**
 * The shop's currency (SHOP_CURRENCY, decision 040) as the server writes it into index.html's
 * head when it is not US dollars: known before first paint without a request. Set once, here,
 * for every formatter and money schema of the app (they read @shop/contract/currency). The tag
 * carries the currency's decimals too, so the ISO table stays on the server.
 */
const declared =
  typeof document === "undefined" ? null : document.querySelector('meta[name="shop:currency"]');
if (declared) {
  setShopCurrencyUnits(declared.getAttribute("content")!, Number(declared.getAttribute("data-decimals")));
}

export { minorToMajor, majorToMinor, plainAmount, shopCurrency } from "@shop/contract/currency";

/** What a money field's label names its unit by: "$" for US dollars (as SPEC's forms), else the code ("JPY"). */
export const currencyLabel = () => {
  const { code } = shopCurrency();
  return code === "USD" ? "$" : code;
};

/**
 * Intl's price in the shop's currency with exactly its decimals: "¥1,299", "KWD 1.250", "1.299,00 €"
 * (de). Here rather than beside formatPrice: this module is in the entry every page loads anyway.
 */
export const intlPrice = (amount: number, locale: string) => {
  const { code, decimals } = shopCurrency();
  return numberFormat(locale, {
    style: "currency",
    currency: code,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
};
