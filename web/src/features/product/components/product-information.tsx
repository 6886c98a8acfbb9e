import type { Product } from "@shop/contract/catalogue";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";

import { stockOf } from "@/components/product-card";
import { RatingLine } from "@/components/star-rating";
import { APP_NAME } from "@/config/app";
import { categoryDisplay } from "@/config/categories";
import { CheckIcon } from "@/features/product/components/check-icon";
import { LOW_STOCK } from "@/features/product/config";
import { t } from "@/features/product/messages";
import { cn } from "@/lib/cn";

/** Where the message puts the link to the reviews: word order differs between languages. */
const LINK_SLOT = "\u0000";

/**
 * What a shopper looks for under a product before buying: its details, delivery and returns,
 * and (once shoppers can write them) its reviews. The promises repeat the home page's and the
 * checkout's: no shipping fees, dispatch within two working days, free returns within 30 days.
 */
export function ProductInformation({ product }: { product: Product }) {
  const category = categoryDisplay[product.catagory];
  const [beforeLink, afterLink] = t("product.info.reviewIn", { link: LINK_SLOT }).split(LINK_SLOT);
  return (
    <div className="mt-12 grid gap-5 border-t border-line pt-10 md:grid-cols-2 lg:mt-16 lg:grid-cols-3 lg:gap-8">
      <InfoPanel title={t("product.info.details")}>
        <dl className="divide-y divide-line text-sm">
          <Fact term={t("product.info.category")}>
            <Link
              to={category.href}
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {t(`product.category.${product.catagory}`)}
            </Link>
          </Fact>
          <Fact term={t("product.info.availability")}>{availability(stockOf(product))}</Fact>
          <Fact term={t("product.info.soldBy")}>{APP_NAME}</Fact>
        </dl>
      </InfoPanel>

      <InfoPanel title={t("product.info.deliveryAndReturns")}>
        <ul className="space-y-3 text-sm text-ink-muted">
          <DeliveryPoint title={t("product.info.delivery")}>{t("product.info.deliveryText")}</DeliveryPoint>
          <DeliveryPoint title={t("product.info.dispatch")}>{t("product.info.dispatchText")}</DeliveryPoint>
          <DeliveryPoint title={t("product.info.returns")}>{t("product.info.returnsText")}</DeliveryPoint>
        </ul>
      </InfoPanel>

      <InfoPanel title={t("product.info.reviews")} className="md:col-span-2 lg:col-span-1">
        {product.ratingCount ? (
          <>
            <RatingLine average={product.ratingAverage} count={product.ratingCount} />
            <a
              href="#reviews"
              className="mt-2 inline-block text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {t("product.info.readReviews")}
            </a>
          </>
        ) : (
          // "No reviews yet" is said once, by the reviews below.
          <p className="text-sm text-ink-muted">
            {beforeLink}
            <a href="#reviews" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              {t("product.info.customerReviews")}
            </a>
            {afterLink}
          </p>
        )}
      </InfoPanel>
    </div>
  );
}

function availability(stock: number | null): string {
  if (stock === 0) return t("product.info.outOfStock");
  if (stock !== null && stock <= LOW_STOCK) return t("product.info.onlyLeft", { count: stock });
  return t("product.info.inStock");
}

function InfoPanel({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-2xl border border-line bg-white p-6 shadow-sm", className)}
    >
      <h2 id={headingId} className="mb-4 text-lg font-bold tracking-tight text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="text-right font-medium text-ink">{children}</dd>
    </div>
  );
}

function DeliveryPoint({ title, children }: { title: string; children: string }) {
  return (
    <li className="flex gap-3">
      <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <span>
        <span className="block font-semibold text-ink">{title}</span>
        {children}
      </span>
    </li>
  );
}
