import type { ReactNode } from "react";

import { TrashIcon } from "@/components/page-icons";
import { cn } from "@/lib/cn";

export type RowActionsProps = {
  /** The row's first action (Edit, Pay), a Button. */
  children: ReactNode;
  /** The destructive action's text ("Delete", "Remove") and its name for screen readers. */
  removeText: string;
  removeLabel: string;
  /** Gets the button, so focus can return to it when the confirmation closes. */
  onRemove: (opener: HTMLElement) => void;
  /** Stretch both over the width (the cards on small screens). */
  full?: boolean;
};

/** A table row's or a card's two actions: one given, then a red-outlined one that removes the row. */
export function RowActions({ children, removeText, removeLabel, onRemove, full = false }: RowActionsProps) {
  return (
    <div className={cn("flex gap-2", full ? "grid grid-cols-2" : "justify-end")}>
      {children}
      <button
        type="button"
        aria-label={removeLabel}
        onClick={(event) => onRemove(event.currentTarget)}
        className={cn(
          "inline-flex min-h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-1.5",
          "text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-200 ring-inset",
          "transition-colors duration-150 hover:bg-red-50 active:bg-red-100",
          full && "w-full",
        )}
      >
        <TrashIcon className="size-4" />
        {removeText}
      </button>
    </div>
  );
}
