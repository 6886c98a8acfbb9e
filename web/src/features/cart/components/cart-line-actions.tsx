import type { CartLine } from "@shop/contract/cart";

import { Button } from "@/components/button";
import { LockIcon } from "@/components/icons";
import { checkoutPath } from "@/config/paths";
import { cn } from "@/lib/cn";

export type CartLineActionsProps = {
  line: CartLine;
  onRemove: (line: CartLine, opener: HTMLElement) => void;
  /** Stretch both buttons over the width (the cards on small screens). */
  full?: boolean;
};

/** Pay (checks out this line alone) and Remove for one line. */
export function CartLineActions({ line, onRemove, full = false }: CartLineActionsProps) {
  return (
    <div className={cn("flex gap-2", full ? "grid grid-cols-2" : "justify-end")}>
      <Button
        size="sm"
        full={full}
        to={checkoutPath([line._id])}
        icon={<LockIcon className="size-4" />}
        aria-label={`Pay for ${line.name}`}
      >
        Pay
      </Button>
      <button
        type="button"
        aria-label={`Remove ${line.name}`}
        onClick={(event) => onRemove(line, event.currentTarget)}
        className={cn(
          "inline-flex min-h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-1.5",
          "text-sm font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-200 ring-inset",
          "transition-colors duration-150 hover:bg-red-50 active:bg-red-100",
          full && "w-full",
        )}
      >
        <TrashIcon />
        Remove
      </button>
    </div>
  );
}

function TrashIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
