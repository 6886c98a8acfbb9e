import type { Insights } from "@shop/contract/desk";

import { METRICS, type Metric } from "@/features/insights/config";
import { cn } from "@/lib/cn";

/** "+12% vs the previous 30 days", "New" when the previous period had nothing. */
function change(current: number, previous: number): { text: string; tone: "up" | "down" | "flat" } {
  if (previous === 0)
    return current === 0 ? { text: "No change", tone: "flat" } : { text: "New", tone: "up" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: "No change", tone: "flat" };
  return { text: `${percent > 0 ? "+" : "−"}${Math.abs(percent)}%`, tone: percent > 0 ? "up" : "down" };
}

function Card({ metric, insights }: { metric: Metric; insights: Insights }) {
  const current = insights.totals[metric.key];
  const previous = insights.previous[metric.key];
  const delta = change(current, previous);
  return (
    <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-ink-muted">{metric.label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{metric.format(current)}</dd>
      <dd className="mt-1 text-xs text-ink-muted">
        <span
          className={cn(
            "font-semibold",
            delta.tone === "up" && "text-emerald-700",
            delta.tone === "down" && "text-red-700",
          )}
        >
          {delta.text}
        </span>{" "}
        vs the previous {insights.days} days ({metric.format(previous)})
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
