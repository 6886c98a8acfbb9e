import { uploadSrcSet } from "@shop/contract/images";
import type { Order } from "@shop/contract/orders";

import { Price } from "@/components/price";

/** The products of an order as bought (name, image and price as they were then), and the total. */
export function OrderLines({ order, className }: { order: Order; className?: string }) {
  return (
    <div className={className}>
      <ul aria-label="Products in this order" className="divide-y divide-line">
        {order.lines.map((line, index) => (
          <li key={`${line.productId ?? "gone"}-${index}`} className="flex gap-3 py-3 first:pt-0">
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
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-4">
        <span className="font-semibold text-ink">Total</span>
        <span className="text-xl font-bold text-ink" data-testid="order-total">
          <Price amount={order.total} />
        </span>
      </div>
    </div>
  );
}
