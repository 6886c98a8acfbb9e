import type { PageSizes } from "@/config/ui";

/** /products: 8, plus 8 per click. */
export const PRODUCTS_PAGE_SIZES: PageSizes = { first: 8, step: 8 };

/** /man: 8, plus 4 per click. */
export const MAN_PAGE_SIZES: PageSizes = { first: 8, step: 4 };

/** /women, /shoes, /gadget: SPEC shows no paging there; the same 8 + 8 as /products. */
export const CATEGORY_PAGE_SIZES: PageSizes = { first: 8, step: 8 };
