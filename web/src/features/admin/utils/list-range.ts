import { t } from "@/features/admin/messages";

/** Which admin list a range describes: its rows' name in every message. */
export type ListKind = "users" | "products" | "customers";

/**
 * "Showing 11–20 of 57 users"; "No users" when the list is empty; "… of more than 10,000 users"
 * when the server stopped counting (`capped`: it answers the cap + 1).
 */
export function describeRange(offset: number, shown: number, total: number, kind: ListKind, capped = false) {
  if (total === 0 || shown === 0) return t("admin.list.none", { kind });
  const first = offset + 1;
  const last = offset + shown;
  const values = { first, last, kind, capped: capped ? "yes" : "no", total: capped ? total - 1 : total };
  return first === last ? t("admin.list.showingOne", values) : t("admin.list.showingRange", values);
}
