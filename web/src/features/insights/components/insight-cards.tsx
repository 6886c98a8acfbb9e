import type { Insights } from "@shop/contract/desk";

import { METRICS, type Metric } from "@/features/insights/config";
import { t } from "@/features/insights/messages";
import { cn } from "@/lib/cn";

/** "+12% vs the previous 30 days", "New" when the previous period had nothing. */
function change(current: number, previous: number): { text: string; tone: "up" | "down" | "flat" } {
  if (previous === 0)
    return current === 0
      ? { text: t("insights.change.none"), tone: "flat" }
      : { text: t("insights.change.new"), tone: "up" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: t("insights.change.none"), tone: "flat" };
  const direction = percent > 0 ? "up" : "down";
  return { text: t("insights.change.percent", { direction, percent: Math.abs(percent) }), tone: direction };
}

/** Stands in for the change while its sentence is split around it (the change has its colour). */
const CHANGE_MARK = "\u0000";

function Card({ metric, insights }: { metric: Metric; insights: Insights }) {
  const current = insights.totals[metric.key];
  const previous = insights.previous[metric.key];
  const delta = change(current, previous);
  const [beforeChange = "", afterChange = ""] = t("insights.versusPrevious", {
    change: CHANGE_MARK,
    days: insights.days,
    previous: metric.format(previous),
  }).split(CHANGE_MARK);
  return (
    <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-ink-muted">{metric.label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{metric.format(current)}</dd>
      <dd className="mt-1 text-xs text-ink-muted">
        {beforeChange}
        <span
          className={cn(
            "font-semibold",
            delta.tone === "up" && "text-emerald-700",
            delta.tone === "down" && "text-red-700",
          )}
        >
          {delta.text}
        </span>
        {afterChange}
      </dd>
    </div>
  );
}

/** The period's totals beside the previous period's. */
export function InsightCards({ insights }: { insights: Insights }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {METRICS.map((metric) => (
        <Card key={metric.key} metric={metric} insights={insights} />
      ))}
    </dl>
  );
}
