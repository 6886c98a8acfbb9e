import { APP_NAME } from "@/config/app";
import { BestSellers } from "@/features/home/components/best-sellers";
import { PromoCarousel } from "@/features/home/components/promo-carousel";
import { ShopByCategory } from "@/features/home/components/shop-by-category";
import { Testimonials } from "@/features/home/components/testimonials";
import { WhyShopWithUs } from "@/features/home/components/why-shop-with-us";

/** SPEC's home page: carousel, 'Shop By Category', best sellers, our promise, testimonials. */
export function HomePage() {
  return (
    <>
      <title>{`${APP_NAME} · Clothing, shoes, watches and gadgets`}</title>
      <h1 className="sr-only">{APP_NAME}: clothing, shoes, watches and gadgets</h1>
      <PromoCarousel />
      <ShopByCategory />
      <BestSellers />
      <WhyShopWithUs />
      <Testimonials />
    </>
  );
}
