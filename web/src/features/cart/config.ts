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
} as const;
