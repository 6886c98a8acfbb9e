import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

export type FigureColumn = {
  label: ReactNode;
  /** Figures are right-aligned so their digits line up. */
  numeric?: boolean;
};

/**
 * A table of figures that scrolls sideways on narrow screens: a caption for screen readers, a
 * header row of columns, and the rows (and totals) given as children. With `regionLabel` the
 * scrolling box is a focusable region, so keyboard users can scroll it too.
 */
export function FigureTable({
  caption,
  columns,
  regionLabel,
  cellPadding = "px-4 py-2",
  className,
  footer,
  children,
}: {
  caption: ReactNode;
  columns: readonly FigureColumn[];
  regionLabel?: string;
  /** The header cells' padding; rows use the same so the columns line up. */
  cellPadding?: string;
  className?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const region = regionLabel ? { tabIndex: 0, role: "region", "aria-label": regionLabel } : {};
  return (
    <div className={cn("overflow-x-auto border border-line", className)} {...region}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-ink-muted">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn(cellPadding, "font-semibold", column.numeric && "text-right")}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer}
      </table>
    </div>
  );
}
