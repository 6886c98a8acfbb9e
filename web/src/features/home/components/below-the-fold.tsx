import { BestSellers } from "@/features/home/components/best-sellers";
import { Testimonials } from "@/features/home/components/testimonials";
import { WhyShopWithUs } from "@/features/home/components/why-shop-with-us";

/** The home page's sections below its first screen: best sellers, our promise, testimonials. */
export function BelowTheFold() {
  return (
    <>
      <BestSellers />
      <WhyShopWithUs />
      <Testimonials />
    </>
  );
}
