/**
 * PLACEHOLDER until the cart task lands: adding a product to the signed-in shopper's cart, used
 * by every product card and the product page. The cart task replaces the body with the real
 * mutation (PUT /api/cart/{productId}), keeping the name and the signature.
 */
import { notifyWarning } from "./toast";

export interface AddToCart {
  addToCart(productId: string, quantity: number): void;
  isPending: boolean;
}

export function useAddToCart(): AddToCart {
  return {
    addToCart: () => {
      notifyWarning("The cart is not available yet.");
    },
    isPending: false,
  };
}
