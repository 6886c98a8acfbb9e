import type { UserSummary } from "@shop/contract/admin";

import { t } from "@/features/admin/messages";
import { cn } from "@/lib/cn";

/** The account's role: Admin or Shopper. */
export function RoleBadge({ role }: { role: UserSummary["role"] }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        role === "admin" ? "bg-brand-50 text-brand-800" : "bg-stone-100 text-stone-700",
      )}
    >
      {role === "admin" ? t("admin.role.admin") : t("admin.role.shopper")}
    </span>
  );
}

/** Marks the signed-in admin's own row. */
export function YouBadge() {
  return (
    <span className="ml-2 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900">
      {t("admin.you")}
    </span>
  );
}
