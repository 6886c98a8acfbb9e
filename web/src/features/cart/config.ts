import type { PageSizes } from "@/config/ui";

/** The cart page's texts (SPEC sections 2, 4 and 8; spelt correctly, DESIGN.md). */
export const CART_PAGE_TEXT = {
  title: "Your cart",
  tableCaption: "Products in your cart, newest first",
  loading: "Loading your cart…",
  loadError: "We couldn’t load your cart",
  emptyTitle: "Your cart is empty",
  emptyBody: "Find something you like and add it to your bag: it will wait for you here.",
  emptyAction: "Browse products",
  loadMore: "Load more...",
  removeQuestion: "Are you sure you want to delete this item?",
  removeConfirm: "Delete",
  removeCancel: "Keep it",
  /** Under the bag's figures: the shipping shown is the preselected method's. */
  shippingAtCheckout: "Shipping shown for the preselected method; you choose at checkout.",
  quoteError: "We couldn’t price your cart",
  quoteUpdating: "Updating the totals…",
} as const;

/** /cart: 5 lines first, plus 5 per 'Load more...'; the button shows only while more are hidden. */
export const CART_PAGE_SIZES: PageSizes = { first: 5, step: 5 };

/**
 * The top bar's cart badge (SPEC: polled): asked again this often while the tab is visible, at
 * once when the window regains focus, and right after every add or removal in this tab.
 */
export const CART_COUNT_POLL_MS = 60_000;
