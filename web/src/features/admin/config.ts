/**
 * Texts of the admin pages (SPEC sections 2, 4, 5, 7 and 8; spelt correctly, see DESIGN.md).
 * The product form's validation messages live in @shop/contract/admin (PRODUCT_MESSAGES), shared
 * with the server.
 */
export const ADMIN_TEXTS = {
  madeAdmin: "Successfully Made an Admin",
  makeAdminFailed: "Failed to make an admin",
  alreadyAdmin: "Already an Admin",
  makeAdmin: "Make Admin",
  removeUser: "Remove User",
  userRemoved: "User Removed",
  ownAccount: "You can’t remove your own account",
  productAdded: "Product Added Successfully",
  productUpdated: "Product updated",
  productDeleted: "Product deleted",
  /** SPEC section 8's confirmation, spelt right. */
  deleteQuestion: "Are you sure you want to delete this item?",
  usersCaption: "Users, newest first",
  productsCaption: "Products, newest first",
  usersLoadError: "We couldn’t load the users",
  productsLoadError: "We couldn’t load the products",
  productLoadError: "We couldn’t load this product",
} as const;

/** The image upload's own messages, checked before anything is sent. */
export const UPLOAD_TEXTS = {
  wrongType: "Choose a JPEG, PNG or WebP image",
  tooLarge: "The image must be 5 MB or smaller",
  failed: "The image could not be uploaded. Please try again.",
} as const;

/** What POST /api/uploads accepts (the server checks the content too). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** All Users and Manage Products: this many rows a page, with Previous / Next. */
export const ADMIN_USERS_PAGE_SIZE = 10;

export const ADMIN_PRODUCTS_PAGE_SIZE = 10;

/** Add Product: the stock a new product starts with unless the admin changes it. */
export const PRODUCT_DEFAULT_STOCK = 10;
