import { cn } from "@/lib/cn";
import { currentLocale, t } from "@/lib/i18n";
import { intlPrice, majorToMinor, shopCurrency } from "@/lib/shop-currency";

/**
 * A price in the shop's currency (decision 040). US dollars in en-US are SPEC's '$ {price}', always
 * with two decimals: 24.99 -> "$ 24.99", 1299 -> "$ 1,299.00", written out by hand rather than with
 * Intl.NumberFormat: the first Intl formatter of a page loads the browser's locale data, a long task
 * on the home page's first render. Any other currency or locale goes through Intl; the default
 * locale is the page's language (Bengali digits in `bn`), English's being en-US.
 */
export function formatPrice(amount: number, locale = pageNumberLocale()): string {
  if (shopCurrency().code !== "USD" || locale !== "en-US") return intlPrice(amount, locale);
  // Rounded half away from zero on the number's shortest decimal form, as Intl does (1.005 -> 1.01):
  // shifting the decimal point in the text ("1.005e2") rather than multiplying by 100 (100.49999…).
  const [mantissa = "0", exponent = "0"] = String(Math.abs(amount)).split("e");
  const cents = String(Math.round(Number(`${mantissa}e${Number(exponent) + 2}`))).padStart(3, "0");
  const whole = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `$ ${sign}${whole}.${cents.slice(-2)}`;
}

/** The locale prices are written in: the page's language, en-US for English (SPEC's "$ 24.99"). */
function pageNumberLocale(): string {
  const language = currentLocale();
  return language === "en" ? "en-US" : language;
}

/**
 * Money is counted in whole minor units (cents, yen, fils), so 3 × 24.99 is 74.97 and not
 * 74.97000000000001.
 */
export function toCents(amount: number): number {
  return majorToMinor(amount);
}
export { minorToMajor as fromCents } from "@/lib/shop-currency";

export function Price({
  amount,
  className,
  locale,
}: {
  amount: number;
  className?: string | undefined;
  /** BCP 47; default the page's language (en-US for English). */
  locale?: string | undefined;
}) {
  return <span className={cn("tabular-nums", className)}>{formatPrice(amount, locale)}</span>;
}

/** The saving of `price` on `compareAt` in whole percent, as the server rounds it (sale-price.ts). */
export const savingPercentOf = (compareAt: number, price: number) =>
  Math.round(((toCents(compareAt) - toCents(price)) * 100) / toCents(compareAt));

export type SalePriceProps = {
  amount: number;
  /** The regular ("was") price while a sale applies; null or not above `amount`: no sale shown. */
  compareAt?: number | null | undefined;
  /** The saving in whole percent; 0 leaves the badge out. */
  savingPercent?: number | undefined;
  className?: string;
  /** BCP 47; default the page's language (en-US for English). */
  locale?: string | undefined;
};

/**
 * A price that may be a sale's: the sale price, the old price struck through and the saving
 * ("−30 %"). Screen readers hear one sentence, "Was $ 100.00, now $ 70.00, 30 % off", since a
 * struck-through price alone is not announced as old.
 */
export function SalePrice({ amount, compareAt, savingPercent = 0, className, locale }: SalePriceProps) {
  if (compareAt === null || compareAt === undefined || compareAt <= amount) {
    return <Price amount={amount} className={className} locale={locale} />;
  }
  const was = formatPrice(compareAt, locale);
  const now = formatPrice(amount, locale);
  return (
    <span
      className={cn("inline-flex flex-wrap items-baseline gap-x-1.5", className)}
      data-testid="sale-price"
    >
      <span className="sr-only">
        {savingPercent > 0
          ? t("components.wasNowOff", { was, now, percent: savingPercent })
          : t("components.wasNow", { was, now })}
      </span>
      <span aria-hidden="true" className="text-red-800 tabular-nums">
        {now}
      </span>
      <s aria-hidden="true" className="text-[0.85em] font-normal text-ink-muted tabular-nums">
        {was}
      </s>
      {savingPercent > 0 ? (
        <span
          aria-hidden="true"
          className="rounded-full bg-red-50 px-1.5 text-[0.75em] font-semibold whitespace-nowrap text-red-800"
        >
          −{savingPercent} %
        </span>
      ) : null}
    </span>
  );
}
