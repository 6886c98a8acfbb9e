/**
 * UI timings and limits from SPEC section 9 ("Business constants and limits") and section 4
 * ("States and transitions"). Components import these; no magic numbers elsewhere.
 */

/** The scroll-to-top button appears once the page is scrolled further than this. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 600;

/** A lazily loaded page chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * The first render waits this long at most for the first page's code (fetched beside the
 * entry's), so that the page comes with the first paint instead of after a spinner.
 */
export const FIRST_PAGE_WAIT_MS = 1_000;

/** Toasts: top-right, closing by themselves after 5 s, paused while hovered. */
export const TOAST_POSITION = "top-right";
export const TOAST_AUTO_CLOSE_MS = 5_000;

/** Failed data requests: retried 3 times, waiting 1 s, 2 s, 4 s … but never more than 30 s. */
export const REQUEST_RETRY_COUNT = 3;
export const REQUEST_RETRY_BASE_DELAY_MS = 1_000;
export const REQUEST_RETRY_MAX_DELAY_MS = 30_000;

/** Cached data is kept this long after the last component using it went away. */
export const QUERY_GC_TIME_MS = 5 * 60_000;

/* ---- Storefront (SPEC sections 2, 4 and 9). ---- */

/** Home: the carousel moves on by itself every 5.5 s; slides sit 30 px apart. */
export const CAROUSEL_AUTOPLAY_MS = 5_500;
export const CAROUSEL_SPACING_PX = 30;

/** Typed-out headings: one letter every 80 ms, deleted at 60 ms a letter, 1 s pause in between. */
export const TYPEWRITER_TYPE_MS = 80;
export const TYPEWRITER_DELETE_MS = 60;
export const TYPEWRITER_PAUSE_MS = 1_000;
/**
 * How often a heading is typed before it stays put. Endless typing is moving content that
 * cannot be paused (WCAG 2.2.2), so it types, pauses, deletes, types again and stops.
 */
export const TYPEWRITER_LOOPS = 2;

/** Home: at most the first 8 products as best sellers and the first 3 reviews as testimonials. */
export const HOME_BEST_SELLERS_COUNT = 8;
export const HOME_TESTIMONIALS_COUNT = 3;

/** Paging: how many items a list shows first, and how many more each 'Load More...' brings. */
export type PageSizes = { readonly first: number; readonly step: number };
/** /products: 8, plus 8 per click. */
export const PRODUCTS_PAGE_SIZES: PageSizes = { first: 8, step: 8 };
/** /man: 8, plus 4 per click. */
export const MAN_PAGE_SIZES: PageSizes = { first: 8, step: 4 };
/** /women, /shoes, /gadget: SPEC shows no paging there; the same 8 + 8 as /products. */
export const CATEGORY_PAGE_SIZES: PageSizes = { first: 8, step: 8 };
/** /review shows every review; they arrive 24 at a time. */
export const REVIEWS_PAGE_SIZES: PageSizes = { first: 24, step: 24 };

/** Catalogue data counts as fresh for a minute: coming back to a page does not refetch it. */
export const CATALOG_STALE_TIME_MS = 60_000;

/** The product search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** 'Add to bag' on a product card adds one item (SPEC section 9 "Quick-add quantity is 1"). */
export const QUICK_ADD_QUANTITY = 1;

/** The product page's quantity picker: never below 0 (SPEC section 5), at most 99 per line. */
export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 99;
/** The quantity the product page starts with. */
export const QUANTITY_DEFAULT = 1;

/* ---- Cart (SPEC sections 4, 7 and 9). ---- */

/** /cart: 5 lines first, plus 5 per 'Load more...'; the button shows only while more are hidden. */
export const CART_PAGE_SIZES: PageSizes = { first: 5, step: 5 };

/**
 * The top bar's cart badge (SPEC: polled): asked again this often while the tab is visible, at
 * once when the window regains focus, and right after every add or removal in this tab.
 */
export const CART_COUNT_POLL_MS = 60_000;

/** The whole cart is read this many lines a request (the API's largest page); carts are small. */
export const CART_FETCH_PAGE_SIZE = 100;

/* ---- Checkout and orders. ---- */

/** Card numbers are 16 digits, shown in groups of 4 ("4242 4242 4242 4242"). */
export const CARD_NUMBER_DIGITS = 16;
export const CARD_NUMBER_GROUP = 4;

/** The payment provider's details (test mode, test cards) hardly change: fresh for 10 minutes. */
export const PAYMENT_INFO_STALE_TIME_MS = 10 * 60_000;

/** My Orders and All Orders: 10 orders first, plus 10 per 'Load More...'. */
export const ORDERS_PAGE_SIZES: PageSizes = { first: 10, step: 10 };

/* ---- Admin (SPEC sections 2, 4 and 7). ---- */

/** All Users and Manage Products: this many rows a page, with Previous / Next. */
export const ADMIN_USERS_PAGE_SIZE = 10;
export const ADMIN_PRODUCTS_PAGE_SIZE = 10;

/** Add Product: the stock a new product starts with unless the admin changes it. */
export const PRODUCT_DEFAULT_STOCK = 10;
