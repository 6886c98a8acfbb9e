import type { InsightRank } from "@shop/contract/desk";

import { formatPrice, fromCents } from "@/components/price";
import { t } from "@/features/insights/messages";

/** A ranked list: label, units and revenue of the period. */
export function TopSellers({
  title,
  ranks,
  labelOf = (rank) => rank.label,
}: {
  title: string;
  ranks: InsightRank[];
  labelOf?: (rank: InsightRank) => string;
}) {
  return (
    <section className="rounded-2xl border border-line bg-white p-4 shadow-sm" aria-label={title}>
      <h3 className="mb-3 text-lg font-semibold text-ink">{title}</h3>
      {ranks.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("insights.top.none")}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {ranks.map((rank, index) => (
            <li key={`${rank.productId ?? ""}${rank.label}`} className="flex items-baseline gap-3 text-sm">
              <span className="w-5 text-ink-muted tabular-nums">
                {t("insights.top.rank", { rank: index + 1 })}
              </span>
              <span className="min-w-0 flex-1 font-medium break-words text-ink">{labelOf(rank)}</span>
              <span className="whitespace-nowrap text-ink-muted tabular-nums">
                {t("insights.top.unitsSold", { units: rank.units })}
              </span>
              <span className="w-24 text-right font-semibold tabular-nums">
                {formatPrice(fromCents(rank.revenueCents))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
