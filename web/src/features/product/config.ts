/** Below this many in stock, the product page says how many are left. */
export const LOW_STOCK = 10;

/** The quantity the product page starts with. */
export const QUANTITY_DEFAULT = 1;
