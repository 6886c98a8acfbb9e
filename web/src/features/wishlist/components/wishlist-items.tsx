import type { WishlistItem } from "@shop/contract/marketing";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { formatPrice, fromCents } from "@/components/price";
import { paths } from "@/config/paths";
import { t } from "@/features/wishlist/messages";

const cents = (value: number) => formatPrice(fromCents(value));

function PriceChange({ item }: { item: WishlistItem }) {
  const change = item.priceCents - item.priceCentsWhenAdded;
  if (change === 0) return <span className="text-ink-muted">{t("wishlist.samePrice")}</span>;
  return change < 0 ? (
    <span className="font-semibold text-emerald-800">
      {t("wishlist.priceDown", { amount: cents(-change) })}
    </span>
  ) : (
    <span className="text-ink-muted">{t("wishlist.priceUp", { amount: cents(change) })}</span>
  );
}

/** The wishlist's items: picture, name, size, price now and its change, stock, and `actions`. */
export function WishlistItems({
  items,
  actions,
}: {
  items: readonly WishlistItem[];
  actions?: (item: WishlistItem) => ReactNode;
}) {
  return (
    <ul className="flex flex-col gap-3" aria-label={t("wishlist.items")}>
      {items.map((item) => (
        <li
          key={item.productId}
          className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-center"
        >
          <img src={item.image} alt="" width={80} height={80} className="size-20 rounded-lg object-cover" />
          <div className="flex flex-1 flex-col gap-1 text-sm">
            <Link
              to={paths.product.getHref(item.productId)}
              className="font-semibold break-words text-ink underline-offset-2 hover:underline"
            >
              {item.productname}
            </Link>
            {item.optionValues.length > 0 ? (
              <span className="text-ink-muted">{item.optionValues.join(", ")}</span>
            ) : null}
            <span className="text-base font-bold text-ink">{cents(item.priceCents)}</span>
            <PriceChange item={item} />
            <span className={item.stock === 0 ? "font-semibold text-red-700" : "text-ink-muted"}>
              {item.stock === 0 ? t("wishlist.outOfStock") : t("wishlist.inStock", { count: item.stock })}
            </span>
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions(item)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
