import { Carousel, type CarouselSlide } from "@/components/carousel";
import { paths } from "@/config/paths";
import { useHomeLinks } from "@/features/home/api/get-home-links";
import { HOME_HERO_IMAGE, promoImage } from "@/features/home/config";
import { t } from "@/lib/i18n";

/** SPEC: three promotional images. Their alt text repeats the words drawn in them. */
const promoSlides: readonly CarouselSlide[] = [
  {
    ...HOME_HERO_IMAGE,
    alt: "New season, up to 30% off: the Summer Collection. Breezy dresses, linen and sandals for sunny days. Shop now",
    width: 1600,
    height: 600,
    href: paths.women.getHref(),
  },
  {
    ...promoImage(2),
    alt: "Just arrived: new watches. Chronographs, petite classics and smartwatches. Discover",
    width: 1600,
    height: 600,
    href: `${paths.products.getHref()}?q=watch`,
  },
  {
    ...promoImage(3),
    alt: "7 days of deals: Gadgets Week. Headphones, phones and consoles at their best price. See deals",
    width: 1600,
    height: 600,
    href: paths.gadget.getHref(),
  },
];

export function PromoCarousel() {
  const links = useHomeLinks();
  return (
    <Carousel
      slides={promoSlides.map((slide, index) => ({ ...slide, href: links.slide(index, slide.href ?? "/") }))}
      label={t("home.promotions")}
      className="mx-auto max-w-[1600px] pt-4 sm:pt-6"
    />
  );
}
