import { useLowStockCount } from "@/features/stock/api/low-stock";
import { t } from "@/features/stock/messages";

/** The Low Stock menu item's count, shown only when something is low. */
export function LowStockBadge() {
  const { data } = useLowStockCount();
  if (!data || data.count === 0) return null;
  const label = t("stock.badge", { count: data.count });
  return (
    <span
      className="min-w-6 rounded-full bg-amber-400 px-2 py-0.5 text-center text-xs font-bold text-stone-950 tabular-nums"
      aria-label={label}
      title={label}
    >
      {data.count > 99 ? "99+" : data.count}
    </span>
  );
}
