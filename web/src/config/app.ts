/** The shop's public name: used in the top bar, footer and document titles. */
export const APP_NAME = "Trendsetters";

/** SPEC section 2 "Shell on every page": the footer shows this copyright year. */
export const COPYRIGHT_YEAR = 2021;
