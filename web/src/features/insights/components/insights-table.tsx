import type { Insights } from "@shop/contract/desk";

import { METRICS, shortDay } from "@/features/insights/config";

/** The charts' figures as a table: every day of the period, newest first, and the totals. */
export function InsightsTable({ insights }: { insights: Insights }) {
  const days = [...insights.daily].reverse();
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-line bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-label="Figures by day"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Revenue, orders, average order value and units sold per day, {insights.from} to {insights.to} (UTC)
        </caption>
        <thead className="bg-stone-50 text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Day
            </th>
            {METRICS.map((metric) => (
              <th key={metric.key} scope="col" className="px-4 py-2 text-right font-semibold">
                {metric.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day} className="border-t border-line">
              <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-ink">
                <time dateTime={day.day}>{shortDay(day.day)}</time>
              </th>
              {METRICS.map((metric) => (
                <td key={metric.key} className="px-4 py-2 text-right tabular-nums">
                  {metric.format(day[metric.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-stone-300 font-semibold">
          <tr>
            <th scope="row" className="px-4 py-2 text-ink">
              Total
            </th>
            {METRICS.map((metric) => (
              <td key={metric.key} className="px-4 py-2 text-right tabular-nums">
                {metric.format(insights.totals[metric.key])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
