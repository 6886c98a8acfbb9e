const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** "Jun 3, 2025" in the viewer's time zone; "" for what is not a date. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dayFormat.format(date);
}
