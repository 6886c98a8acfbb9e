import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

export type DataTableColumn = {
  label: ReactNode;
  /** Read by screen readers only (an image or actions column, whose contents say what they are). */
  labelHidden?: boolean;
  /** Alignment or width, e.g. "text-right" or "w-20". */
  className?: string;
};

/** A body cell's padding and alignment; a table adds its own vertical padding. */
export const dataTableCell = "px-3 align-middle";

const headerCell = "px-3 py-3 text-xs font-semibold tracking-wide text-ink-muted uppercase";

/**
 * The wide-screen list of the admin's and the shopper's tables (products, users, the bag): a
 * rounded card, a caption for screen readers, a header row of columns, and the rows given as
 * children. The header's first and last cells line up with the card's padding; the rows' first
 * and last cells add the same (`pl-5`, `pr-5`).
 */
export function DataTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: ReactNode;
  columns: readonly DataTableColumn[];
  className?: string;
  children: ReactNode;
}) {
  const last = columns.length - 1;
  return (
    <div className={cn("overflow-hidden rounded-2xl border border-line bg-white shadow-sm", className)}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-stone-50">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cn(headerCell, index === 0 && "pl-5", index === last && "pr-5", column.className)}
              >
                {column.labelHidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
