import { formatDate } from "@/lib/i18n";

/** "Jun 3, 2025" in the viewer's time zone, as the page's language writes it; "" for what is not a date. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatDate(date, { dateStyle: "medium" });
}
