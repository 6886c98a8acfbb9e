import type { InsightDay } from "@shop/contract/desk";

import { formatPrice, fromCents } from "@/components/price";
import { shopCurrency } from "@/lib/shop-currency";

export type MetricKey = "revenueCents" | "orders" | "averageOrderCents" | "units";

export interface Metric {
  key: MetricKey;
  label: string;
  /** Money is integer cents on the wire; shown in the shop's currency. */
  format: (value: number, locale?: string) => string;
  /** Shorter, for a chart's axis: "$1.2k". */
  axis: (value: number, locale?: string) => string;
  /** Bars for counts, a line for money. */
  chart: "bars" | "line";
}

const money = (cents: number, locale = "en-US") => formatPrice(fromCents(cents), locale);
const whole = (value: number, locale = "en-US") => value.toLocaleString(locale);
const compact = (value: number, locale = "en-US") =>
  value.toLocaleString(locale, { notation: "compact", maximumFractionDigits: 1 });
/** "$1.2K" for dollars (as before), Intl's compact currency for any other: "¥1.2K", "KWD 1.2K". */
const compactMoney = (cents: number, locale = "en-US") => {
  const { code } = shopCurrency();
  if (code === "USD" && locale === "en-US") return `$${compact(fromCents(cents))}`;
  return fromCents(cents).toLocaleString(locale, {
    style: "currency",
    currency: code,
    notation: "compact",
    maximumFractionDigits: 1,
  });
};

export const METRICS: readonly Metric[] = [
  { key: "revenueCents", label: "Revenue", format: money, axis: compactMoney, chart: "bars" },
  { key: "orders", label: "Orders", format: whole, axis: compact, chart: "bars" },
  {
    key: "averageOrderCents",
    label: "Average order value",
    format: money,
    axis: compactMoney,
    chart: "line",
  },
  { key: "units", label: "Units sold", format: whole, axis: compact, chart: "bars" },
];

export const CATEGORY_LABELS: Record<string, string> = {
  womans: "Women",
  mans: "Men",
  shoes: "Shoes",
  gadgets: "Gadgets",
  deleted: "Deleted products",
};

/** "Mar 25" for a YYYY-MM-DD day (UTC, as the server counts days). */
export const shortDay = (day: string, locale = "en-US") =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export const dayValues = (days: InsightDay[], key: MetricKey) => days.map((day) => day[key]);
