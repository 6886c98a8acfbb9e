import type { Product } from "@shop/contract/catalog";
import { uploadSrcSet } from "@shop/contract/images";
import { useId, useState } from "react";
import { Link } from "react-router";

import { Button } from "@/components/button";
import { CartIcon } from "@/components/icons";
import { formatPrice, Price } from "@/components/price";
import { PRODUCT_IMAGE_SIZE, stockOf } from "@/components/product-card";
import { APP_NAME } from "@/config/app";
import { categoryDisplay } from "@/config/categories";
import { paths } from "@/config/paths";
import { QUANTITY_DEFAULT, QUANTITY_MAX } from "@/config/ui";
import { QuantityPicker } from "@/features/product/components/quantity-picker";
import { displayedPrice } from "@/features/product/utils/quantity";
import { useAddToCart } from "@/lib/cart";

/** SPEC's product detail: name, image, description, a quantity picker and 'Add to shopping bag'. */
/** Below this many in stock, the page says how many are left. */
const LOW_STOCK = 10;

export function ProductDetails({ product }: { product: Product }) {
  const stock = stockOf(product);
  const soldOut = stock === 0;
  const max = stock === null ? QUANTITY_MAX : Math.min(QUANTITY_MAX, stock);
  const [quantity, setQuantity] = useState(soldOut ? 0 : Math.min(QUANTITY_DEFAULT, max));
  const { addToCart, isPending } = useAddToCart();
  const hintId = useId();
  const category = categoryDisplay[product.catagory];

  return (
    <>
      <title>{`${product.productname} · ${APP_NAME}`}</title>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-ink-muted">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link to={paths.home.getHref()} className="rounded hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={category.href} className="rounded hover:text-brand-700 hover:underline">
              {category.label}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-ink">
            {product.productname}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <div className="overflow-hidden rounded-3xl border border-line bg-white shadow-sm">
          <img
            src={product.image}
            srcSet={uploadSrcSet(product.image)}
            sizes="(min-width: 1024px) 600px, 100vw"
            alt={product.productname}
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            fetchPriority="high"
            className="aspect-square w-full object-cover"
          />
        </div>

        <div className="flex flex-col">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{category.label}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink text-balance sm:text-4xl">
            {product.productname}
          </h1>

          <div className="mt-5" aria-live="polite">
            <p className="text-3xl font-bold text-ink">
              <span className="sr-only">{quantity > 1 ? "Total price: " : "Price: "}</span>
              <Price amount={displayedPrice(product.price, quantity)} />
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              {quantity > 1
                ? `${quantity} × ${formatPrice(product.price)} each`
                : `${formatPrice(product.price)} each`}
            </p>
          </div>

          <div className="mt-6 border-t border-line pt-6">
            <h2 className="sr-only">Description</h2>
            <p className="text-base leading-relaxed text-ink-muted text-pretty">{product.description}</p>
          </div>

          <div className="mt-8 flex flex-col gap-5 rounded-2xl border border-line bg-white p-5 shadow-sm sm:flex-row sm:items-end">
            <QuantityPicker value={quantity} onChange={setQuantity} max={max} describedBy={hintId} />
            <div className="flex-1">
              <Button
                size="lg"
                full
                icon={<CartIcon />}
                disabled={quantity <= 0}
                isLoading={isPending}
                aria-describedby={hintId}
                onClick={() => addToCart(product._id, quantity)}
              >
                Add to shopping bag
              </Button>
            </div>
          </div>
          <p id={hintId} className="mt-2 min-h-5 text-sm text-ink-muted">
            {stockHint(stock, quantity)}
          </p>

          <ul className="mt-6 grid gap-3 text-sm text-ink-muted sm:grid-cols-2">
            <Perk>Free returns within 30 days</Perk>
            <Perk>Secure checkout</Perk>
          </ul>
        </div>
      </div>
    </>
  );
}

function stockHint(stock: number | null, quantity: number): string {
  if (stock === 0) return "Out of stock right now. Please check back soon.";
  if (quantity <= 0) return "Choose a quantity of at least 1 to add this to your bag.";
  if (stock !== null && stock <= LOW_STOCK) return `Only ${stock} left in stock.`;
  return `Up to ${QUANTITY_MAX} per order.`;
}

function Perk({ children }: { children: string }) {
  return (
    <li className="flex items-center gap-2">
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="size-5 shrink-0 text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
      {children}
    </li>
  );
}
