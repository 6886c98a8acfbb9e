/**
 * UI timings and limits from SPEC section 9 ("Business constants and limits") and section 4
 * ("States and transitions"). Components import these; no magic numbers elsewhere.
 */

/** The scroll-to-top button appears once the page is scrolled further than this. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 600;

/** A lazily loaded page chunk that has not arrived after this long counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Toasts: top-right, closing by themselves after 5 s, paused while hovered. */
export const TOAST_POSITION = "top-right";
export const TOAST_AUTO_CLOSE_MS = 5_000;

/** Failed data requests: retried 3 times, waiting 1 s, 2 s, 4 s … but never more than 30 s. */
export const REQUEST_RETRY_COUNT = 3;
export const REQUEST_RETRY_BASE_DELAY_MS = 1_000;
export const REQUEST_RETRY_MAX_DELAY_MS = 30_000;

/** Cached data is kept this long after the last component using it went away. */
export const QUERY_GC_TIME_MS = 5 * 60_000;
