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

/** Bulk edit in Manage Products (issue 39, decision 047). */
export const BULK_TEXTS = {
  heading: "Bulk edit",
  selectRow: (name: string) => `Select ${name}`,
  selectPage: "Select all products on this page",
  selectColumn: "Select",
  selectedCount: (count: number) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"} selected`,
  allMatching: (count: number, q: string) =>
    q
      ? `All ${count.toLocaleString("en-US")} products matching “${q}” selected`
      : `All ${count.toLocaleString("en-US")} products selected`,
  selectAllMatching: (count: number, q: string) =>
    q
      ? `Select all ${count.toLocaleString("en-US")} matching “${q}”`
      : `Select all ${count.toLocaleString("en-US")} products`,
  clear: "Clear selection",
  action: "Action",
  chooseAction: "Choose an action",
  actions: {
    "set-category": "Set the category",
    "change-price": "Change the price by %",
    "schedule-sale": "Schedule a sale",
    "set-status": "Publish, unpublish or archive",
    "add-to-collection": "Add to a collection",
    "remove-from-collection": "Remove from a collection",
    delete: "Delete",
  },
  collection: "Collection",
  chooseCollection: "Choose a collection",
  collectionHint: "Collections picked by hand; one holds at most 500 products.",
  collectionsLoading: "Loading the collections…",
  noManualCollections: "There is no collection picked by hand yet: create one under Collections.",
  inCollection: (title: string) => `in “${title}”`,
  notInCollection: (title: string) => `not in “${title}”`,
  status: "New status",
  category: "New category",
  direction: "Raise or lower",
  raise: "Raise",
  lower: "Lower",
  percent: "By (%)",
  percentHint: "Rounded to the cent. Every variant's price changes.",
  percentOff: "Saving (%)",
  startsAt: "Starts (empty: now)",
  endsAt: "Ends (empty: until you end it)",
  deleteWarning:
    "The products leave the catalogue and every cart. Orders keep their lines. This cannot be undone.",
  preview: "Preview changes",
  previewing: "Working out the changes…",
  previewSummary: (matched: number, changing: number) =>
    `${matched.toLocaleString("en-US")} selected; ${changing.toLocaleString("en-US")} will change.`,
  sampleHeading: (shown: number, changing: number) =>
    shown < changing ? `The first ${shown} of ${changing.toLocaleString("en-US")}` : "What changes",
  nothingChanges: "Nothing would change: the products already are as asked.",
  apply: (count: number) =>
    `Apply to ${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"}`,
  back: "Back",
  applying: (count: number) =>
    `Changing ${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"}…`,
  applyingHint: "All of them change together, or none does. Keep this page open.",
  done: (changed: number) =>
    `Done: ${changed.toLocaleString("en-US")} ${changed === 1 ? "product" : "products"} changed.`,
  close: "Close",
  deleted: "deleted",
  saleNone: "no sale",
  noSelectionValue: "Choose a value for the action",
} as const;

/** The Collections page (issue 39, decision 048): English-only like the rest of the owner's desk. */
export const COLLECTION_TEXTS = {
  title: "Collections",
  documentTitle: "Collections · Dashboard",
  subtitle: "Pages of products picked by hand or chosen by a rule, each at /collections/<address>.",
  add: "New collection",
  listHeading: "All collections",
  loadError: "The collections could not load",
  empty: "No collections yet",
  emptyHint: "Create one: pick its products by hand, or let a rule choose them.",
  kinds: { manual: "Picked by hand", rule: "By a rule" },
  productCount: (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"}`,
  view: "View",
  edit: "Edit",
  delete: "Delete",
  deleteQuestion: "Delete this collection?",
  deleteDetail: "Its page and its picks go; the products stay in the shop. This cannot be undone.",
  deleted: "Collection deleted",
  created: "Collection created",
  saved: "Collection saved",
  newHeading: "New collection",
  editHeading: (title: string) => `Edit “${title}”`,
  back: "Back to the collections",
  slug: "Address",
  slugHint: "Lowercase letters, digits and hyphens: /collections/summer-sale",
  titleField: "Title",
  description: "Description",
  image: "Image",
  imageHint: "An http(s) address or an uploaded image's path (/uploads/…); empty: none.",
  kind: "Products",
  ruleHeading: "The rule",
  ruleHint: "Only live products are shown; every part left empty means any.",
  category: "Category",
  anyCategory: "Any category",
  minPrice: "Lowest price",
  maxPrice: "Highest price",
  onSale: "Only products on sale",
  newestN: "Only the newest (number of products)",
  create: "Create collection",
  save: "Save collection",
  cancel: "Cancel",
  fixFields: "Correct the fields marked in red.",
  picksHeading: "Products in this collection",
  picksHint: (max: number) => `Picked by hand, in this order; at most ${max}.`,
  picksLoading: "Loading the products…",
  picksLoadError: "The collection's products could not load",
  picksCount: (count: number, max: number) => `${count} of ${max}`,
  noPicks: "No products picked yet: search for them below.",
  remove: (name: string) => `Remove ${name}`,
  searchLabel: "Find products",
  searchPlaceholder: "Product name",
  results: "Products found",
  search: "Search",
  searching: "Searching…",
  searchError: "The products could not load",
  noResults: "No product matches this search.",
  addProduct: (name: string) => `Add ${name}`,
  added: "Added",
  savePicks: "Save products",
  picksSaved: "Products saved",
  unsaved: "Unsaved changes",
  tooMany: (max: number) => `A collection holds at most ${max} products.`,
  createFirstHint: "Create the collection first, then pick its products.",
} as const;
