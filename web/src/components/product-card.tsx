import type { Category, Product } from "@shop/contract/catalogue";
import { PRODUCT_CARD_IMAGE_SIZES, uploadSrcSet } from "@shop/contract/images";
import { useId, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

import { Button } from "@/components/button";
import { CartIcon } from "@/components/icons";
import { SalePrice } from "@/components/price";
import { RatingLine } from "@/components/star-rating";
import { paths } from "@/config/paths";
import { QUICK_ADD_QUANTITY } from "@/config/ui";
import { useAddToCart } from "@/lib/cart";
import { cn } from "@/lib/cn";
import { t, type MessageKey } from "@/lib/i18n";

/**
 * The category's name on the card, as the footer's links name the same pages: the keys of
 * config/categories.ts, repeated here since importing it would add a file to the home page.
 */
const CATEGORY_LABELS: Record<Category, MessageKey> = {
  womans: "footer.women",
  mans: "footer.men",
  shoes: "footer.shoes",
  gadgets: "footer.gadgets",
};

/** The demo illustrations are square 800 × 800; width and height reserve the space before they load. */
export const PRODUCT_IMAGE_SIZE = 800;

/**
 * Units in stock, when the API reports them (`stock`, 0 = sold out); null when it does not, in
 * which case the product counts as available and the server has the last word.
 */
export function stockOf(product: { stock?: number | null }): number | null {
  return typeof product.stock === "number" ? Math.max(0, product.stock) : null;
}

export function isOutOfStock(product: { stock?: number | null }): boolean {
  return stockOf(product) === 0;
}

export type ProductCardProps = {
  product: Product;
  /**
   * "compact" (home best sellers): image with a cart button on it, name and price.
   * "full" (catalogue grids): also 'Add to bag' and 'Quick View' buttons.
   */
  variant?: "compact" | "full";
  /** The heading level of the product name inside the surrounding page outline. */
  headingLevel?: 2 | 3;
  /** Images in the first screenful load at once; the rest wait until scrolled near. */
  imageLoading?: "eager" | "lazy";
  /** "high" for the page's largest image (the first card at the top of a page: its LCP). */
  imagePriority?: "high" | "auto";
  /** Over the picture's top right corner (the catalogue's wishlist heart). */
  corner?: ReactNode;
};

/** One product in a grid: SPEC's card with image, name, '$ {price}' and the add-to-cart action. */
export function ProductCard({
  product,
  variant = "full",
  headingLevel = 3,
  imageLoading = "lazy",
  imagePriority = "auto",
  corner,
}: ProductCardProps) {
  const nameId = useId();
  const { addToCart, isPending } = useAddToCart();
  const href = paths.product.getHref(product._id);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const navigate = useNavigate();
  // A size or colour must be chosen: quick add opens the product's choices instead of guessing.
  const choose = product.variantCount > 1;
  const quickAdd = () => {
    if (choose) void navigate(href);
    else addToCart(product._id, QUICK_ADD_QUANTITY);
  };
  const soldOut = isOutOfStock(product);

  return (
    <article
      aria-labelledby={nameId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition duration-200 hover:-translate-y-0.5 hover:shadow-lg hover:shadow-stone-900/5 motion-reduce:hover:translate-y-0"
    >
      <div className="relative overflow-hidden bg-stone-100">
        <img
          src={product.image}
          srcSet={uploadSrcSet(product.image)}
          sizes={PRODUCT_CARD_IMAGE_SIZES}
          alt={product.productname}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          loading={imageLoading}
          fetchPriority={imagePriority}
          decoding="async"
          className="aspect-[4/3] w-full object-cover transition-transform duration-500 group-hover:scale-105 sm:aspect-square"
        />
        <span className="absolute top-3 left-3 flex gap-1.5">
          <span className="rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-ink shadow-sm">
            {t(CATEGORY_LABELS[product.catagory])}
          </span>
          {soldOut ? (
            <span className="rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
              {t("components.outOfStock")}
            </span>
          ) : null}
        </span>
        {corner}
        {variant === "compact" ? (
          <button
            type="button"
            aria-label={t(choose ? "components.chooseOf" : "components.addOne", {
              name: product.productname,
            })}
            title={choose ? undefined : t("components.addToBag")}
            aria-busy={isPending || undefined}
            disabled={isPending || soldOut}
            onClick={quickAdd}
            className={cn(
              "absolute right-3 bottom-3 inline-flex h-11 items-center justify-center gap-1.5 rounded-full bg-white text-ink shadow-md ring-1 ring-stone-900/5 transition-colors hover:bg-brand-600 hover:text-white disabled:opacity-60",
              // A product with sizes or colours says so in words, as the catalogue's cards do.
              choose ? "px-3.5 text-sm font-semibold" : "w-11",
            )}
          >
            <CartIcon className={choose ? "size-4 shrink-0" : "size-5"} />
            {choose ? t("components.choose") : null}
          </button>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col p-4">
        <Heading id={nameId} className="text-base leading-snug font-semibold text-ink">
          <Link to={href} className="rounded underline-offset-4 hover:text-brand-700 hover:underline">
            {product.productname}
          </Link>
        </Heading>
        <RatingLine average={product.ratingAverage} count={product.ratingCount} className="mt-1" />
        <p className={cn("mt-1.5 text-lg font-bold text-brand-700", variant === "full" && "mb-4")}>
          <span className="sr-only">{t("components.price")} </span>
          {/* priceMax is a regular price: compared with the regular price of the one shown. */}
          {product.priceMax > (product.compareAtPrice ?? product.price) ? `${t("components.from")} ` : null}
          <SalePrice
            amount={product.price}
            compareAt={product.compareAtPrice}
            savingPercent={product.savingPercent}
          />
        </p>
        {variant === "full" ? (
          // Side by side when they fit, else one under the other (narrow cards at 1024 px).
          <div className="mt-auto flex flex-wrap gap-2">
            <Button
              size="sm"
              className="flex-auto"
              icon={<CartIcon className="size-4 shrink-0" />}
              isLoading={isPending}
              disabled={soldOut}
              onClick={quickAdd}
            >
              {t(choose ? "components.choose" : "components.addToBag")}
              <span className="sr-only">: {product.productname}</span>
            </Button>
            <Button size="sm" variant="secondary" className="flex-auto" to={href}>
              {t("components.quickView")}
              <span className="sr-only">: {product.productname}</span>
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
