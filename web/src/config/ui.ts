/**
 * UI timings and limits from SPEC section 9 ("Business constants and limits") and section 4
 * ("States and transitions") that more than one feature, or shared code, uses. A constant only
 * one feature uses lives in that feature's config.ts. No magic numbers elsewhere.
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

/** Paging: how many items a list shows first, and how many more each 'Load More...' brings. */
export type PageSizes = { readonly first: number; readonly step: number };

/** Catalogue data counts as fresh for a minute: coming back to a page does not refetch it. */
export const CATALOGUE_STALE_TIME_MS = 60_000;

/** The product search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** 'Add to bag' on a product card adds one item (SPEC section 9 "Quick-add quantity is 1"). */
export const QUICK_ADD_QUANTITY = 1;

/** The product page's quantity picker: never below 0 (SPEC section 5), at most 99 per line. */
export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 99;

/** The whole cart is read this many lines a request (the API's largest page); carts are small. */
export const CART_FETCH_PAGE_SIZE = 100;
