import type { InsightDay } from "@shop/contract/desk";

import { formatPrice } from "@/components/price";

export type MetricKey = "revenueCents" | "orders" | "averageOrderCents" | "units";

export interface Metric {
  key: MetricKey;
  label: string;
  /** Money is integer cents on the wire; shown in the shop's currency. */
  format: (value: number) => string;
  /** Shorter, for a chart's axis: "$1.2k". */
  axis: (value: number) => string;
  /** Bars for counts, a line for money. */
  chart: "bars" | "line";
}

const money = (cents: number) => formatPrice(cents / 100);
const whole = (value: number) => value.toLocaleString("en-US");
const compact = (value: number) =>
  value.toLocaleString("en-US", { notation: "compact", maximumFractionDigits: 1 });
const compactMoney = (cents: number) => `$${compact(cents / 100)}`;

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
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export const dayValues = (days: InsightDay[], key: MetricKey) => days.map((day) => day[key]);
