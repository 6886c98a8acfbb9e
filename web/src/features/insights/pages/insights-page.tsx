import { INSIGHT_PERIODS, type InsightPeriod } from "@shop/contract/desk-constants";

import { useSearchParamWriter } from "@/hooks/use-search-param-writer";
import { DeskSection } from "@/components/desk-section";
import { DeskPageTitle } from "@/components/page-title";
import { QueryStates } from "@/components/query-states";
import { Spinner } from "@/components/spinner";
import { useInsights } from "@/features/insights/api/insights";
import { InsightCards } from "@/features/insights/components/insight-cards";
import { InsightsTable } from "@/features/insights/components/insights-table";
import { MetricChart } from "@/features/insights/components/metric-chart";
import { TopSellers } from "@/features/insights/components/top-sellers";
import { CATEGORY_LABELS, dayValues, METRICS, shortDay } from "@/features/insights/config";
import { t } from "@/features/insights/messages";
import { cn } from "@/lib/cn";

const DAYS_PARAM = "days";

const readPeriod = (value: string | null): InsightPeriod =>
  INSIGHT_PERIODS.find((days) => String(days) === value) ?? 30;

/**
 * /dashboard/insights (admins): how the shop is doing over the last 7, 30 or 90 days. Paid orders
 * that were not cancelled, computed on the server; charts with the same figures in a table.
 * The chart library (uPlot) is imported here only, so it lands in this page's chunk alone.
 */
export function InsightsPage() {
  const [params, setParam] = useSearchParamWriter();
  const days = readPeriod(params.get(DAYS_PARAM));
  const query = useInsights(days);

  const choose = (next: InsightPeriod) => setParam(DAYS_PARAM, String(next));

  return (
    <>
      <DeskPageTitle
        title={t("insights.title")}
        documentTitle={t("insights.documentTitle")}
        subtitle={t("insights.subtitle")}
        className="mb-8"
      />
      <div
        role="group"
        aria-label={t("insights.period")}
        className="mb-6 inline-flex rounded-lg border border-stone-300 bg-white p-1"
      >
        {INSIGHT_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={period === days}
            onClick={() => choose(period)}
            className={cn(
              "min-h-9 rounded-md px-3 text-sm font-semibold whitespace-nowrap",
              period === days ? "bg-brand-600 text-white" : "text-ink-muted hover:bg-stone-100",
            )}
          >
            {t("insights.periodDays", { days: period })}
          </button>
        ))}
      </div>

      <QueryStates
        query={query}
        pending={<Spinner label={t("insights.loading")} />}
        errorTitle={t("insights.loadError")}
      >
        {(insights) => (
          <div className="flex flex-col gap-8" aria-busy={query.isPlaceholderData}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-ink-muted">
                {t("insights.range", {
                  from: shortDay(insights.from),
                  to: shortDay(insights.to),
                  previousFrom: shortDay(insights.previous.from),
                  previousTo: shortDay(insights.previous.to),
                })}
              </p>
              {query.isPlaceholderData ? (
                // The figures below stay readable (not faded) until the new period's are in.
                <Spinner size="sm" label={t("insights.updating")} showLabel className="gap-2" />
              ) : null}
            </div>
            <InsightCards insights={insights} />
            {insights.totals.guestOrders ? (
              <p className="text-sm text-ink-muted" data-testid="guest-orders">
                {t("insights.guestOrders", {
                  guests: insights.totals.guestOrders,
                  orders: insights.totals.orders,
                })}
              </p>
            ) : null}

            <DeskSection id="insights-charts" title={t("insights.perDayHeading")} className="gap-4">
              <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                {METRICS.map((metric) => (
                  <figure
                    key={metric.key}
                    className="min-w-0 rounded-2xl border border-line bg-white p-4 shadow-sm"
                  >
                    <figcaption className="mb-2 text-sm font-semibold text-ink">
                      {t("insights.metricPerDay", { metric: metric.label })}
                    </figcaption>
                    {dayValues(insights.daily, metric.key).some((value) => value > 0) ? (
                      <MetricChart metric={metric} days={insights.daily} />
                    ) : (
                      // Nothing to draw: a flat line on an axis of zeros says less than words.
                      <p className="flex h-[180px] items-center justify-center rounded-xl bg-stone-50 px-4 text-center text-sm text-ink-muted">
                        {t("insights.noFigures", { metric: metric.key, days: insights.daily.length })}
                      </p>
                    )}
                  </figure>
                ))}
              </div>
              <details className="group">
                <summary className="cursor-pointer rounded-lg py-2 text-sm font-semibold text-brand-700">
                  {t("insights.showTable")}
                </summary>
                <div className="mt-3">
                  <InsightsTable insights={insights} />
                </div>
              </details>
            </DeskSection>

            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <TopSellers title={t("insights.topProducts")} ranks={insights.topProducts} />
              <TopSellers
                title={t("insights.topCategories")}
                ranks={insights.topCategories}
                labelOf={(rank) => CATEGORY_LABELS[rank.label] ?? rank.label}
              />
            </div>
          </div>
        )}
      </QueryStates>
    </>
  );
}
