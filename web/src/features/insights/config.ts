import type { InsightDay } from "@shop/contract/desk";

import { formatPrice, fromCents } from "@/components/price";
import { t } from "@/features/insights/messages";
import { currentLocale, formatDate, formatNumber } from "@/lib/i18n";
import { shopCurrency } from "@/lib/shop-currency";

export type MetricKey = "revenueCents" | "orders" | "averageOrderCents" | "units";

export interface Metric {
  key: MetricKey;
  label: string;
  /** Money is integer cents on the wire; shown in the shop's currency, in the page's language. */
  format: (value: number) => string;
  /** Shorter, for a chart's axis: "$1.2k". */
  axis: (value: number) => string;
  /** Bars for counts, a line for money. */
  chart: "bars" | "line";
}

const money = (cents: number) => formatPrice(fromCents(cents));
const whole = (value: number) => formatNumber(value);
const compact = (value: number) => formatNumber(value, { notation: "compact", maximumFractionDigits: 1 });
/**
 * "$1.2K" for dollars in English (as before), Intl's compact currency for any other currency or
 * language: "¥1.2K", "KWD 1.2K".
 */
const compactMoney = (cents: number) => {
  const { code } = shopCurrency();
  if (code === "USD" && currentLocale() === "en") return `$${compact(fromCents(cents))}`;
  return formatNumber(fromCents(cents), {
    style: "currency",
    currency: code,
    notation: "compact",
    maximumFractionDigits: 1,
  });
};

export const METRICS: readonly Metric[] = [
  {
    key: "revenueCents",
    label: t("insights.metric.revenue"),
    format: money,
    axis: compactMoney,
    chart: "bars",
  },
  { key: "orders", label: t("insights.metric.orders"), format: whole, axis: compact, chart: "bars" },
  {
    key: "averageOrderCents",
    label: t("insights.metric.averageOrder"),
    format: money,
    axis: compactMoney,
    chart: "line",
  },
  { key: "units", label: t("insights.metric.units"), format: whole, axis: compact, chart: "bars" },
];

export const CATEGORY_LABELS: Record<string, string> = {
  womans: t("insights.category.womans"),
  mans: t("insights.category.mans"),
  shoes: t("insights.category.shoes"),
  gadgets: t("insights.category.gadgets"),
  deleted: t("insights.category.deleted"),
};

/** "Mar 25" for a YYYY-MM-DD day (UTC, as the server counts days), in the page's language. */
export const shortDay = (day: string) =>
  formatDate(`${day}T00:00:00Z`, { month: "short", day: "numeric", timeZone: "UTC" });

/** "Mar 25, 2026" for a YYYY-MM-DD day (UTC), in the page's language. */
export const longDay = (day: string) =>
  formatDate(`${day}T00:00:00Z`, { dateStyle: "medium", timeZone: "UTC" });

export const dayValues = (days: InsightDay[], key: MetricKey) => days.map((day) => day[key]);
