import { formatPrice } from "@/components/price";
import { t } from "@/features/catalogue/messages";
import { currentLocale } from "@/lib/i18n";
import { shopCurrency } from "@/lib/shop-currency";
import type { ProductSort } from "@shop/contract/catalogue";

// The filters' texts, apart from list-filters.ts: the home page's product queries read that one,
// and this one's catalogue (a top-level await) must not come with the home page.

export const SORT_LABELS: Record<ProductSort, string> = {
  newest: t("catalogue.sort.newest"),
  "price-asc": t("catalogue.sort.priceAsc"),
  "price-desc": t("catalogue.sort.priceDesc"),
  "best-selling": t("catalogue.sort.bestSelling"),
  rating: t("catalogue.sort.rating"),
  saving: t("catalogue.sort.saving"),
};

/**
 * "Under $25", "$25 – $50", "$200 and over"; in another currency or language Intl's form: "Under ¥25".
 * The amounts are written in the page's language (en-US for English), as prices are.
 */
export function priceRangeLabel(
  range: { min: number | null; max: number | null },
  locale = currentLocale() === "en" ? "en-US" : currentLocale(),
) {
  const amount = (value: number | null) =>
    shopCurrency().code === "USD" && locale === "en-US" ? `$${value}` : formatPrice(value ?? 0, locale);
  if (range.min === null && range.max !== null)
    return t("catalogue.price.under", { amount: amount(range.max) });
  if (range.max === null && range.min !== null)
    return t("catalogue.price.andOver", { amount: amount(range.min) });
  return t("catalogue.price.between", { min: amount(range.min), max: amount(range.max) });
}
