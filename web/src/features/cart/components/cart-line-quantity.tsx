import type { CartLine } from "@shop/contract/cart";

import { QUANTITY_MAX } from "@/config/ui";
import { useChangeCartLineQuantity } from "@/features/cart/api/change-cart-line";
import { cn } from "@/lib/cn";
import { optionsText } from "@/lib/variant-options";
import { t } from "@/features/cart/messages";

const stepButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-lg font-semibold text-ink ring-1 ring-line ring-inset transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * − n + for one cart line: from 1 up to what is in stock of its variant (and 99). Removing a line
 * is the Remove button's job, so − stops at 1.
 */
export function CartLineQuantity({ line, className }: { line: CartLine; className?: string }) {
  const { mutate, isPending, variables } = useChangeCartLineQuantity();
  const shown = isPending && variables?.line._id === line._id ? variables.quantity : line.quantity;
  const max = Math.min(QUANTITY_MAX, Math.max(line.stock, line.quantity));
  const change = (quantity: number) => mutate({ line, quantity });
  return (
    <div
      role="group"
      aria-label={t("cart.quantityOf", { name: line.name })}
      aria-busy={isPending || undefined}
      className={cn("inline-flex items-center gap-2", className)}
    >
      <button
        type="button"
        className={stepButton}
        aria-label={t("cart.oneFewer", { name: line.name })}
        disabled={isPending || shown <= 1}
        onClick={() => change(shown - 1)}
      >
        −
      </button>
      <output aria-live="polite" className="min-w-6 text-center text-base tabular-nums">
        {shown}
      </output>
      <button
        type="button"
        className={stepButton}
        aria-label={t("cart.oneMore", { name: line.name })}
        disabled={isPending || shown >= max}
        onClick={() => change(shown + 1)}
      >
        +
      </button>
    </div>
  );
}

/** "Size: M · Colour: Red" under a line's name; nothing for a product without options. */
export function CartLineOptions({
  line,
  className,
}: {
  line: Pick<CartLine, "options">;
  className?: string;
}) {
  if (line.options.length === 0) return null;
  return (
    <p className={cn("mt-0.5 text-sm font-normal text-ink-muted", className)}>{optionsText(line.options)}</p>
  );
}
