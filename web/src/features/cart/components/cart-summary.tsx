import type { CartLine } from "@shop/contract/cart";
import { useId } from "react";

import { Button } from "@/components/button";
import { LockIcon } from "@/components/icons";
import { Price } from "@/components/price";
import { checkoutPath } from "@/config/paths";
import { cartTotal } from "@/features/cart/utils/cart-lines";
import { countCartItems } from "@/lib/cart";
import { cn } from "@/lib/cn";

export type CartSummaryProps = {
  /** Every line of the cart, also those not shown yet. */
  lines: readonly CartLine[];
  className?: string;
};

/** The whole cart in numbers (SPEC: only a '$' prefix; no tax, shipping or fees) and why Pay waits. */
export function CartSummary({ lines, className }: CartSummaryProps) {
  const headingId = useId();
  const items = countCartItems(lines);
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6", className)}
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Summary
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Products</dt>
          <dd className="tabular-nums">{lines.length}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Items</dt>
          <dd className="tabular-nums">{items}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-line pt-3 text-base">
          <dt className="font-semibold text-ink">Cart total</dt>
          <dd className="text-xl font-bold text-ink" data-testid="cart-total">
            <Price amount={cartTotal(lines)} />
          </dd>
        </div>
      </dl>
      <Button to={checkoutPath()} size="lg" full className="mt-5" icon={<LockIcon className="size-5" />}>
        Checkout
      </Button>
    </section>
  );
}
