import type { InsightDay } from "@shop/contract/desk";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

import { dayValues, type Metric } from "@/features/insights/config";
import { formatDate } from "@/lib/i18n";

const BRAND = "#4f39f6";
const BRAND_FILL = "rgba(79, 57, 246, 0.22)";
const HEIGHT = 180;
const HALF_DAY_SECONDS = 12 * 60 * 60;
/** Axis steps of 1, 2 and 5 times a power of ten. */
const STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

const DAY_SECONDS = 24 * 60 * 60;
/** The day axis's steps: whole days, so each tick names one day. */
const DAY_STEPS = [1, 2, 3, 7, 14, 28].map((days) => days * DAY_SECONDS);

/** "11/3" for a tick's day (UTC), in the page's language. */
const tickDay = (seconds: number) =>
  formatDate(seconds * 1000, { month: "numeric", day: "numeric", timeZone: "UTC" });

/** Midnight UTC of each day, in seconds (uPlot's time unit). */
const dayStamps = (days: InsightDay[]) => days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);

function options(metric: Metric, width: number): uPlot.Options {
  const bars = metric.chart === "bars" ? uPlot.paths.bars!({ size: [0.7, 40] }) : undefined;
  return {
    width,
    height: HEIGHT,
    // Days are UTC calendar days: label them so, whatever the viewer's zone.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // Half a day either side: the first and last bars are whole.
      x: { time: true, range: (_chart, min, max) => [min - HALF_DAY_SECONDS, max + HALF_DAY_SECONDS] },
      y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: "#57534e",
        grid: { show: false },
        ticks: { show: false },
        incrs: DAY_STEPS,
        values: (_chart, ticks) => ticks.map(tickDay),
      },
      {
        stroke: "#57534e",
        size: 56,
        grid: { stroke: "#e7e5e4" },
        // Whole orders and units, whole dollars: never "0.2 orders" or "$0, $0, $0".
        incrs: metric.key === "orders" || metric.key === "units" ? STEPS : STEPS.map((step) => step * 100),
        values: (_chart, ticks) => ticks.map((tick) => metric.axis(tick)),
      },
    ],
    series: [
      {},
      {
        label: metric.label,
        stroke: BRAND,
        width: 2,
        fill: metric.chart === "bars" ? BRAND_FILL : undefined,
        ...(bars ? { paths: bars, points: { show: false } } : { points: { size: 5 } }),
        value: (_chart, value) => (value === null ? "" : metric.format(value)),
      },
    ],
  };
}

/**
 * One metric per day as a uPlot chart (canvas). The chart is a picture for sighted users: the
 * figure names it, and the page's table holds the same figures for everyone else.
 */
export function MetricChart({ metric, days }: { metric: Metric; days: InsightDay[] }) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const chart = new uPlot(
      options(metric, element.clientWidth || 300),
      [dayStamps(days), dayValues(days, metric.key)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [metric, days]);

  return <div ref={holder} className="w-full" data-chart={metric.key} aria-hidden="true" />;
}
