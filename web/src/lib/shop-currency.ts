import { setShopCurrency, shopCurrency } from "@shop/contract/currency";

/**
 * The shop's currency (SHOP_CURRENCY, decision 040) as the server writes it into index.html's
 * head when it is not US dollars: known before first paint without a request. Set once, here,
 * for every formatter and money schema of the app (they read @shop/contract/currency).
 */
const declared =
  typeof document === "undefined"
    ? null
    : document.querySelector('meta[name="shop:currency"]')?.getAttribute("content");
if (declared && /^[A-Z]{3}$/.test(declared)) setShopCurrency(declared);

export { minorToMajor, majorToMinor, plainAmount, shopCurrency } from "@shop/contract/currency";

/** What a money field's label names its unit by: "$" for US dollars (as SPEC's forms), else the code ("JPY"). */
export const currencyLabel = () => {
  const { code } = shopCurrency();
  return code === "USD" ? "$" : code;
};
