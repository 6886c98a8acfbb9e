/** The admin pages' settings; their texts are in ./messages (decision 041). */

/** What POST /api/uploads accepts (the server checks the content too). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** All Users and Manage Products: this many rows a page, with Previous / Next. */
export const ADMIN_USERS_PAGE_SIZE = 10;

export const ADMIN_PRODUCTS_PAGE_SIZE = 10;

/** Add Product: the stock a new product starts with unless the admin changes it. */
export const PRODUCT_DEFAULT_STOCK = 10;
