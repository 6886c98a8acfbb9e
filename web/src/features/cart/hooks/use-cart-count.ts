/**
 * PLACEHOLDER until the cart task lands: the number of items in the signed-in user's cart, shown
 * as the badge on the top bar's cart icon (SPEC section 2). The cart task replaces the body with
 * a query of GET /api/carts/{email}, keeping the name and the return type.
 */
export function useCartCount(): number {
  return 0;
}
