import { DashboardLayout } from "@/features/dashboard/pages/dashboard-layout";
import { LowStockBadge } from "@/features/stock/components/low-stock-badge";

/** /dashboard: the dashboard with the owner's low-stock count beside its menu item. */
export function DashboardRoute() {
  return <DashboardLayout menuBadges={{ "low-stock": <LowStockBadge /> }} />;
}
