import { Link } from "react-router";

import { Price } from "@/components/price";
import { CartLinePrice } from "@/features/cart/components/cart-line-price";
import { paths } from "@/config/paths";
import { CartLineImage } from "@/features/cart/components/cart-line-image";
import { CartLineActions } from "@/features/cart/components/cart-line-actions";
import { CartLineOptions, CartLineQuantity } from "@/features/cart/components/cart-line-quantity";
import { LINE_INDEX_ATTRIBUTE, type CartLinesViewProps } from "@/features/cart/components/cart-table";
import { CART_PAGE_TEXT } from "@/features/cart/texts";
import { cn } from "@/lib/cn";
import { t } from "@/features/cart/messages";

/** The cart on small screens: one card per line, the same facts and actions as the table. */
export function CartLineCards({ lines, onRemove, className }: CartLinesViewProps) {
  return (
    <ul aria-label={CART_PAGE_TEXT.tableCaption} className={cn("flex flex-col gap-4", className)}>
      {lines.map((line, index) => (
        <li key={line._id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
          <div className="flex gap-4">
            <CartLineImage line={line} size={80} />
            <div className="min-w-0 flex-1">
              <h2
                tabIndex={-1}
                {...{ [LINE_INDEX_ATTRIBUTE]: index }}
                className="text-base leading-snug font-semibold text-ink"
              >
                <Link
                  to={paths.product.getHref(line.productId)}
                  className="rounded underline-offset-4 hover:text-brand-700 hover:underline"
                >
                  {line.name}
                </Link>
              </h2>
              <CartLineOptions line={line} />
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
                <dt className="self-center text-ink-muted">{t("cart.quantity")}</dt>
                <dd className="text-right">
                  <CartLineQuantity line={line} />
                </dd>
                <dt className="text-ink-muted">{t("cart.price")}</dt>
                <dd className="text-right">
                  <CartLinePrice line={line} />
                </dd>
                <dt className="font-semibold text-ink">{t("cart.total")}</dt>
                <dd className="text-right font-semibold text-ink">
                  <Price amount={line.total} />
                </dd>
              </dl>
            </div>
          </div>
          <div className="mt-4 border-t border-line pt-4">
            <CartLineActions line={line} onRemove={onRemove} full />
          </div>
        </li>
      ))}
    </ul>
  );
}
