import { AfterFirstPaint } from "@/components/after-first-paint";
import { APP_NAME } from "@/config/app";
import { PromoCarousel } from "@/features/home/components/promo-carousel";
import { ShopByCategory } from "@/features/home/components/shop-by-category";
import { lazyPage } from "@/lib/lazy-page";
import { t } from "@/lib/i18n";

/**
 * Marks the place of the sections further down until they are there: nothing to see (they start
 * below the first screen), but busy, so the page does not pass for complete.
 */
const pending = <div aria-busy="true" />;

/**
 * The sections further down come in a chunk of their own (with the product grid, the review
 * cards and their data), asked for once the first screen is painted: until then the banner has
 * the network and the main thread to itself (LCP). A failed download offers a retry there.
 */
const BelowTheFold = lazyPage(
  () => import("@/features/home/components/below-the-fold").then((module) => module.BelowTheFold),
  { fallback: pending },
);

/** SPEC's home page: carousel, 'Shop By Category', best sellers, our promise, testimonials. */
export function HomePage() {
  return (
    <>
      <title>{t("home.documentTitle", { shop: APP_NAME })}</title>
      <h1 className="sr-only">{t("home.heading", { shop: APP_NAME })}</h1>
      <PromoCarousel />
      <ShopByCategory />
      <AfterFirstPaint placeholder={pending}>
        <BelowTheFold />
      </AfterFirstPaint>
    </>
  );
}
