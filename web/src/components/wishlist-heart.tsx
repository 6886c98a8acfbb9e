import { getErrorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useSession } from "@/lib/session";
import { notifyError } from "@/lib/toast";
import { useChangeWishlist, useWishlist } from "@/lib/wishlist";
import { t } from "@/lib/i18n";

/**
 * The heart: saves the product to the signed-in shopper's wishlist (with the size picked, if
 * any), or takes it off. A toggle button, so a screen reader says whether it is saved.
 */
export function WishlistHeart({
  productId,
  productName,
  variantId = null,
}: {
  productId: string;
  productName: string;
  variantId?: string | null;
}) {
  const { user } = useSession();
  const wishlist = useWishlist();
  const change = useChangeWishlist();
  if (!user) return null;
  const saved = wishlist.data?.items.some((item) => item.productId === productId) ?? false;
  const toggle = () =>
    change.mutate(saved ? { action: "remove", productId } : { action: "add", productId, variantId }, {
      onError: (error) => notifyError(getErrorMessage(error)),
    });
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t("components.wish", { name: productName })}
      disabled={change.isPending || wishlist.isPending}
      onClick={toggle}
      className={cn(
        "inline-flex size-11 items-center justify-center rounded-full border border-line bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60",
      )}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        className="size-6"
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z" />
      </svg>
    </button>
  );
}

/** A product card's heart, over its picture's corner (loaded lazily by the card). */
export default function CardHeart(props: { productId: string; productName: string }) {
  return (
    <span className="absolute top-3 right-3">
      <WishlistHeart {...props} />
    </span>
  );
}
