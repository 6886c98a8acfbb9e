import type { Insights } from "@shop/contract/desk";
import type { Language } from "@shop/contract/languages";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { InsightCards } from "@/features/insights/components/insight-cards";
import { InsightsTable } from "@/features/insights/components/insights-table";
import { TopSellers } from "@/features/insights/components/top-sellers";
import { loadAreaMessages, loadMessages } from "@/lib/i18n";

/** The shell's and the insights' catalogues in `language`, as a page in that language loads them. */
async function loadLanguage(language: Language) {
  await loadMessages(language);
  await loadAreaMessages({
    en: () => import("../messages/en.json"),
    bn: () => import("../messages/bn.json"),
  });
}

const day = (date: string, orders: number) => ({
  day: date,
  revenueCents: orders * 1500,
  orders,
  averageOrderCents: orders ? 1500 : 0,
  units: orders * 2,
});

const insights: Insights = {
  currency: "USD",
  days: 7,
  from: "2026-11-23",
  to: "2026-11-29",
  daily: [
    day("2026-11-23", 0),
    day("2026-11-24", 1),
    day("2026-11-25", 0),
    day("2026-11-26", 0),
    day("2026-11-27", 0),
    day("2026-11-28", 1),
    day("2026-11-29", 1),
  ],
  totals: { revenueCents: 4500, orders: 3, averageOrderCents: 1500, units: 6 },
  previous: {
    revenueCents: 3000,
    orders: 1,
    averageOrderCents: 1500,
    units: 0,
    from: "2026-11-16",
    to: "2026-11-22",
  },
  topProducts: [{ label: "Desk Lamp", productId: null, units: 1200, revenueCents: 4500 }],
  topCategories: [],
};

afterEach(async () => {
  cleanup();
  await loadLanguage("en");
});

describe("the insights' cards, table and top sellers", () => {
  it("compare each total with the previous period's, in English", () => {
    render(<InsightCards insights={insights} />);
    const revenue = screen.getByText("Revenue").parentElement!;
    expect(revenue.textContent).toBe("Revenue$ 45.00+50% vs the previous 7 days ($ 30.00)");
    expect(screen.getByText("+50%").className).toContain("text-emerald-700");
    expect(screen.getByText("Units sold").parentElement!.textContent).toContain(
      "New vs the previous 7 days (0)",
    );
    expect(screen.getByText("Average order value").parentElement!.textContent).toContain("No change vs");
  });

  it("name the table's days and figures in English", () => {
    render(<InsightsTable insights={insights} />);
    expect(
      screen.getByRole("table", {
        name: "Revenue, orders, average order value and units sold per day, Nov 23, 2026 to Nov 29, 2026 (UTC)",
      }),
    ).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "Nov 29" })).toBeTruthy();
    expect(screen.getByRole("rowheader", { name: "Total" })).toBeTruthy();
  });

  it("speak Bengali on a Bengali page, with Bengali digits", async () => {
    await loadLanguage("bn");
    render(
      <>
        <InsightCards insights={insights} />
        <InsightsTable insights={insights} />
        <TopSellers title="Top" ranks={insights.topProducts} />
        <TopSellers title="None" ranks={[]} />
      </>,
    );
    expect(screen.getByText("+৫০%").className).toContain("text-emerald-700");
    expect(screen.getAllByText(/আগের ৭ দিনের তুলনায়/).length).toBe(4);
    expect(screen.getByRole("rowheader", { name: "মোট" })).toBeTruthy();
    expect(screen.getByRole("table").querySelector("caption")!.textContent).toMatch(
      /^দিনপ্রতি আয়, .* \(UTC\)$/,
    );
    expect(screen.getByText("১,২০০টি বিক্রি")).toBeTruthy();
    expect(screen.getByText("এই সময়কালে কোনো বিক্রি নেই।")).toBeTruthy();
  });
});
