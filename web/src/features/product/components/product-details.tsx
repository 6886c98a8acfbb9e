import type { Product } from "@shop/contract/catalogue";
import type { ProductDetail } from "@shop/contract/variants";
import { PRODUCT_PAGE_IMAGE_SIZES, uploadSrcSet } from "@shop/contract/images";
import { useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";

import { Button } from "@/components/button";
import { CartIcon } from "@/components/icons";
import { formatPrice, SalePrice } from "@/components/price";
import { PRODUCT_IMAGE_SIZE, stockOf } from "@/components/product-card";
import { WishlistHeart } from "@/components/wishlist-heart";
import { APP_NAME } from "@/config/app";
import { categoryDisplay } from "@/config/categories";
import { paths } from "@/config/paths";
import { QUANTITY_MAX } from "@/config/ui";
import { QUANTITY_DEFAULT } from "@/features/product/config";
import { CheckIcon } from "@/features/product/components/check-icon";
import { OptionPicker } from "@/features/product/components/option-picker";
import { ProductGallery } from "@/features/product/components/product-gallery";
import { ProductInformation } from "@/features/product/components/product-information";
import { QuantityPicker } from "@/features/product/components/quantity-picker";
import { NotifyMe } from "@/features/product/components/notify-me";
import { RatingLink } from "@/features/product/components/rating-link";
import { LOW_STOCK } from "@/features/product/config";
import { t } from "@/features/product/messages";
import { displayedPrice, saleEndText } from "@/features/product/utils/quantity";
import {
  chooseMessage,
  choiceFromParams,
  chosenVariant,
  galleryOf,
  isAvailable,
  isOffered,
  paramsWithChoice,
  unchosenOptions,
} from "@/features/product/utils/variant-choice";
import { useAddToCart } from "@/lib/cart";

/** Where the message puts the price (a component): word order differs between languages. */
const PRICE_SLOT = "\u0000";

const hasDetail = (product: Product | ProductDetail): product is ProductDetail => "variants" in product;

/**
 * SPEC's product detail: name, pictures, description, the option pickers (Size, Colour; kept in
 * the address so a choice can be shared), a quantity picker and 'Add to shopping bag'; under them
 * the product's details, delivery and returns, and room for its reviews. Price and stock follow
 * the chosen variant. A product seen in a list shows at once, its choices once the detail loads.
 */
export function ProductDetails({ product }: { product: Product | ProductDetail }) {
  const [params, setParams] = useSearchParams();
  const detail = hasDetail(product) ? product : undefined;
  const choice = detail ? choiceFromParams(detail, params) : {};
  const variant = detail ? chosenVariant(detail, choice) : undefined;
  const toChoose = detail ? unchosenOptions(detail, choice) : [];
  const [showChoiceError, setShowChoiceError] = useState(false);
  const firstUnchosen = useRef<HTMLFieldSetElement>(null);

  const unitPrice = variant?.price ?? product.price;
  // The chosen variant's sale, else the product's "From" price's (a list's product has no variants).
  const compareAt = variant ? variant.compareAtPrice : product.compareAtPrice;
  const savingPercent = variant ? variant.savingPercent : product.savingPercent;
  // priceMax is a regular price: compared with the regular price of the one shown.
  const priceVaries = !variant && product.priceMax > (product.compareAtPrice ?? product.price);
  const stock = variant ? variant.stock : stockOf(product);
  const soldOut = stock === 0;
  const max = stock === null ? QUANTITY_MAX : Math.min(QUANTITY_MAX, stock);
  // Null until the shopper sets one; always within the chosen variant's stock.
  const [chosenQuantity, setQuantity] = useState<number | null>(null);
  const quantity = soldOut ? 0 : Math.min(chosenQuantity ?? QUANTITY_DEFAULT, max);
  const { addToCart, isPending } = useAddToCart();
  const hintId = useId();
  const category = categoryDisplay[product.catagory];
  const categoryLabel = t(`product.category.${product.catagory}`);
  const images = detail ? galleryOf(detail, choice, variant) : [product.image];

  const choose = (option: string, value: string) => {
    setParams(paramsWithChoice(params, option, value), { replace: true, preventScrollReset: true });
    setShowChoiceError(false);
  };
  const addToBag = () => {
    if (!detail) return;
    if (!variant) {
      setShowChoiceError(true);
      firstUnchosen.current?.focus();
      return;
    }
    addToCart(product._id, quantity, variant._id);
  };
  const choiceError = showChoiceError && toChoose.length ? chooseMessage(toChoose) : undefined;
  const [beforePrice, afterPrice] = priceVaries
    ? t("product.fromPrice", { price: PRICE_SLOT }).split(PRICE_SLOT)
    : [];

  return (
    <>
      <title>{t("product.documentTitle", { name: product.productname, shop: APP_NAME })}</title>
      <nav aria-label={t("product.breadcrumb")} className="mb-6 text-sm text-ink-muted">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link to={paths.home.getHref()} className="rounded hover:text-brand-700 hover:underline">
              {t("shell.nav.home")}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={category.href} className="rounded hover:text-brand-700 hover:underline">
              {categoryLabel}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-ink">
            {product.productname}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        {detail ? (
          // Another colour's pictures start again at the first.
          <ProductGallery key={images.join("|")} images={images} name={product.productname} />
        ) : (
          <div className="overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
            <img
              src={product.image}
              srcSet={uploadSrcSet(product.image)}
              sizes={PRODUCT_PAGE_IMAGE_SIZES}
              alt={product.productname}
              width={PRODUCT_IMAGE_SIZE}
              height={PRODUCT_IMAGE_SIZE}
              fetchPriority="high"
              className="aspect-square w-full object-cover"
            />
          </div>
        )}

        <div className="flex flex-col">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{categoryLabel}</p>
          <div className="mt-2 flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-ink text-balance sm:text-4xl">
              {product.productname}
            </h1>
            <WishlistHeart
              productId={product._id}
              productName={product.productname}
              variantId={variant?._id ?? null}
            />
          </div>
          <RatingLink average={product.ratingAverage} count={product.ratingCount} />

          <div className="mt-5" aria-live="polite">
            <p className="text-3xl font-bold text-ink">
              <span className="sr-only">{quantity > 1 ? t("product.totalPrice") : t("product.price")} </span>
              {beforePrice}
              <SalePrice
                amount={displayedPrice(unitPrice, quantity)}
                compareAt={compareAt === null ? null : displayedPrice(compareAt, quantity)}
                savingPercent={savingPercent}
              />
              {afterPrice}
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              {quantity > 1
                ? t("product.quantityTimesUnitPrice", { quantity, price: formatPrice(unitPrice) })
                : t("product.unitPrice", { price: formatPrice(unitPrice) })}
              {compareAt !== null && product.saleEndsAt
                ? ` · ${t("product.saleEnds", { date: saleEndText(product.saleEndsAt) })}`
                : null}
            </p>
          </div>

          <div className="mt-6 border-t border-line pt-6">
            <h2 className="sr-only">{t("product.description")}</h2>
            <p className="text-base leading-relaxed text-ink-muted text-pretty">{product.description}</p>
          </div>

          {detail && detail.options.length ? (
            <div className="mt-8 flex flex-col gap-5" data-testid="option-pickers">
              {detail.options.map((option) => {
                const isFirstUnchosen = option === toChoose[0];
                return (
                  <OptionPicker
                    key={option.name}
                    ref={isFirstUnchosen ? firstUnchosen : undefined}
                    option={option}
                    chosen={choice[option.name]}
                    isAvailable={(value) => isAvailable(detail, choice, option.name, value)}
                    isOffered={(value) => isOffered(detail, choice, option.name, value)}
                    onChoose={(value) => choose(option.name, value)}
                    error={isFirstUnchosen ? choiceError : undefined}
                  />
                );
              })}
            </div>
          ) : null}

          <div className="mt-8 flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-sm sm:flex-row sm:items-end">
            <QuantityPicker value={quantity} onChange={setQuantity} max={max} describedBy={hintId} />
            <div className="flex-1">
              <Button
                size="lg"
                full
                icon={<CartIcon />}
                disabled={quantity <= 0 || !detail}
                isLoading={isPending}
                aria-describedby={hintId}
                onClick={addToBag}
              >
                {t("product.addToBag")}
              </Button>
            </div>
          </div>
          <p id={hintId} className="mt-2 min-h-5 text-sm text-ink-muted">
            {variant || !detail?.options.length ? stockHint(stock, quantity) : stockHint(null, quantity)}
          </p>
          {variant && variant.stock === 0 ? <NotifyMe key={variant._id} variantId={variant._id} /> : null}

          <ul className="mt-6 grid gap-3 text-sm text-ink-muted sm:grid-cols-2">
            <Perk>{t("product.perk.returns")}</Perk>
            <Perk>{t("product.perk.secure")}</Perk>
          </ul>
        </div>
      </div>

      <ProductInformation product={product} />
    </>
  );
}

function stockHint(stock: number | null, quantity: number): string {
  if (stock === 0) return t("product.stock.soldOut");
  if (quantity <= 0) return t("product.stock.chooseQuantity");
  if (stock !== null && stock <= LOW_STOCK) return t("product.stock.onlyLeft", { count: stock });
  return t("product.stock.perOrder", { max: QUANTITY_MAX });
}

function Perk({ children }: { children: string }) {
  return (
    <li className="flex items-center gap-2">
      <CheckIcon className="size-5 shrink-0 text-brand-600" />
      {children}
    </li>
  );
}
