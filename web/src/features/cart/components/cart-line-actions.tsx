import type { CartLine } from "@shop/contract/cart";

import { Button } from "@/components/button";
import { LockIcon, TrashIcon } from "@/components/icons";
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
        <TrashIcon className="size-4" />
        Remove
      </button>
    </div>
  );
}
