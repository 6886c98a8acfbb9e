/**
 * The promotional banners: WebP renditions of the 1600×600 artwork (scripts/generate-demo-assets.mjs
 * writes them), in these widths.
 */
const PROMO_WIDTHS = [800, 1280, 1600] as const;

/**
 * How wide the carousel draws a banner (components/carousel.tsx): phones crop it to a taller
 * 16:11 window over its left part, so the whole banner is drawn 16/11 × 3/8 as wide as the slide
 * (the screen less 2 rem); from 640 px the slide shows it whole, 86 % of the width from 768 px,
 * 80 % from 1280 px (at most 1600 px).
 */
const PROMO_SIZES =
  "(min-width: 1280px) min(80vw, 1280px), (min-width: 768px) 86vw, (min-width: 640px) calc(100vw - 2rem), calc((100vw - 2rem) * 1.834)";

export type PromoImage = { src: string; srcSet: string; sizes: string };

export function promoImage(number: number): PromoImage {
  const file = (width: number) => `/demo/promo/promo-${number}-${width}.webp`;
  return {
    src: file(1600),
    srcSet: PROMO_WIDTHS.map((width) => `${file(width)} ${width}w`).join(", "),
    sizes: PROMO_SIZES,
  };
}

/** The first promotional slide: the home page's largest image, preloaded with the page (app/router.tsx). */
export const HOME_HERO_IMAGE = promoImage(1);

/** Home: at most the first 8 products as best sellers and the first 3 reviews as testimonials. */
export const HOME_BEST_SELLERS_COUNT = 8;

export const HOME_TESTIMONIALS_COUNT = 3;
