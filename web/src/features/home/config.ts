/** The first promotional slide: the home page's largest image, preloaded with the page (app/router.tsx). */
export const HOME_HERO_IMAGE = "/demo/promo/promo-1.svg";
