import type { CartLine } from "@shop/contract/cart";

import { formatPrice, SalePrice } from "@/components/price";
import { t } from "@/features/cart/messages";

/**
 * A line's unit price as checkout will charge it (a running sale's, the old price struck), and,
 * when it changed since the line was added, what it was then: the table's and the cards' alike.
 */
export function CartLinePrice({ line }: { line: CartLine }) {
  return (
    <>
      <SalePrice amount={line.price} compareAt={line.compareAtPrice} savingPercent={line.savingPercent} />
      {line.priceWhenAdded !== null ? (
        <span className="block text-xs font-normal text-amber-900" data-testid="price-changed">
          {t("cart.priceChanged", {
            direction: line.priceWhenAdded > line.price ? "dropped" : "rose",
            was: formatPrice(line.priceWhenAdded),
          })}
        </span>
      ) : null}
    </>
  );
}
