import type { CartLine } from "@shop/contract/cart";
import { uploadSrcSet } from "@shop/contract/images";
import { useId } from "react";
import { Link } from "react-router";

import { Price } from "@/components/price";
import { paths } from "@/config/paths";
import { CHECKOUT_TEXT } from "@/features/checkout/config";
import { checkoutTotal, countItems } from "@/features/checkout/utils/checkout-lines";
import { cn } from "@/lib/cn";

/** What is being bought: each line's unit price, quantity and total, and the amount to pay. */
export function CheckoutSummary({ lines, className }: { lines: readonly CartLine[]; className?: string }) {
  const headingId = useId();
  const items = countItems(lines);
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6", className)}
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {CHECKOUT_TEXT.summaryHeading}
        </h2>
        <Link
          to={paths.cart.getHref()}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Edit cart
        </Link>
      </div>
      <ul aria-label="Products to buy" className="mt-4 divide-y divide-line">
        {lines.map((line) => (
          <li key={line._id} className="flex gap-3 py-3 first:pt-0">
            <img
              src={line.image}
              srcSet={uploadSrcSet(line.image)}
              sizes="56px"
              alt=""
              width={56}
              height={56}
              decoding="async"
              className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-ink">{line.name}</p>
              <p className="mt-0.5 text-sm text-ink-muted">
                <span className="tabular-nums">{line.quantity}</span> × <Price amount={line.price} />
              </p>
            </div>
            <p className="shrink-0 text-right font-semibold text-ink">
              <span className="sr-only">Line total </span>
              <Price amount={line.total} />
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Items</dt>
          <dd className="tabular-nums">{items}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 text-base">
          <dt className="font-semibold text-ink">Total</dt>
          <dd className="text-xl font-bold text-ink" data-testid="checkout-total">
            <Price amount={checkoutTotal(lines)} />
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-right text-xs text-ink-muted">{CHECKOUT_TEXT.noFees}</p>
    </section>
  );
}
