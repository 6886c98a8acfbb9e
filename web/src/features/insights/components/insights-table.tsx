import type { Insights } from "@shop/contract/desk";

import { FigureTable } from "@/components/figure-table";
import { longDay, METRICS, shortDay } from "@/features/insights/config";
import { t } from "@/features/insights/messages";

/** The charts' figures as a table: every day of the period, newest first, and the totals. */
export function InsightsTable({ insights }: { insights: Insights }) {
  const days = [...insights.daily].reverse();
  return (
    <FigureTable
      caption={t("insights.table.caption", { from: longDay(insights.from), to: longDay(insights.to) })}
      columns={[
        { label: t("insights.table.day") },
        ...METRICS.map((metric) => ({ label: metric.label, numeric: true })),
      ]}
      regionLabel={t("insights.table.region")}
      className="rounded-2xl bg-white shadow-sm"
      footer={
        <tfoot className="border-t-2 border-stone-300 font-semibold">
          <tr>
            <th scope="row" className="px-4 py-2 text-ink">
              {t("insights.table.total")}
            </th>
            {METRICS.map((metric) => (
              <td key={metric.key} className="px-4 py-2 text-right tabular-nums">
                {metric.format(insights.totals[metric.key])}
              </td>
            ))}
          </tr>
        </tfoot>
      }
    >
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
    </FigureTable>
  );
}
