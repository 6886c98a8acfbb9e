import type { PageSizes } from "@/config/ui";

/** /cart: 5 lines first, plus 5 per 'Load more...'; the button shows only while more are hidden. */
export const CART_PAGE_SIZES: PageSizes = { first: 5, step: 5 };

/**
 * The top bar's cart badge (SPEC: polled): asked again this often while the tab is visible, at
 * once when the window regains focus, and right after every add or removal in this tab.
 */
export const CART_COUNT_POLL_MS = 60_000;
