import { z } from "zod";

export const CART_QUANTITY_MAX = 99;
export const CART_MESSAGES = {
  quantityInvalid: `Quantity must be a whole number from 1 to ${CART_QUANTITY_MAX}`,
  quantityOverLimit: `A cart line holds at most ${CART_QUANTITY_MAX} of one product`,
} as const;

/**
 * SPEC's payload {name, image, price, email, quantity}: only `quantity` is read. The owner comes
 * from the session and name, image and price from the catalogue. Quick add sends '1' (a string).
 */
const wholeQuantity = z
  .number({ message: CART_MESSAGES.quantityInvalid })
  .int(CART_MESSAGES.quantityInvalid)
  .min(1, CART_MESSAGES.quantityInvalid)
  .max(CART_QUANTITY_MAX, CART_MESSAGES.quantityInvalid);

export const addToCartBodySchema = z.object({
  /**
   * Which variant (size, colour) to add. May be left out for a product with a single variant;
   * a product with several answers 400 until one is chosen.
   */
  variantId: z.uuid({ message: "Choose a variant" }).optional(),
  quantity: z.union(
    [
      wholeQuantity,
      z
        .string()
        .trim()
        .regex(/^\d{1,3}$/)
        .transform(Number)
        .pipe(wholeQuantity),
    ],
    {
      message: CART_MESSAGES.quantityInvalid,
    },
  ),
});
export type AddToCartBody = z.input<typeof addToCartBodySchema>;

/** PATCH /cart/{cartLineId}: the line's new quantity (not an amount to add). */
export const changeCartLineBodySchema = z.object({ quantity: wholeQuantity });
export type ChangeCartLineBody = z.input<typeof changeCartLineBodySchema>;

/** One chosen option value, as a cart line and an order line show it ("Size: M"). */
export const chosenOptionSchema = z.object({ name: z.string(), value: z.string() });
export type ChosenOption = z.infer<typeof chosenOptionSchema>;

export const cartLineSchema = z.object({
  _id: z.uuid(),
  productId: z.uuid(),
  /** The variant this line holds (additive: SPEC's fields are unchanged). */
  variantId: z.uuid(),
  /** Its option values in the product's option order; [] for a product without options. */
  options: z.array(chosenOptionSchema),
  name: z.string(),
  /** The variant's own picture when it has one, else the product's main image. */
  image: z.string(),
  /** Units of this variant in stock now (the quantity picker's ceiling). */
  stock: z.number().int(),
  /** Unit price in dollars, from the catalogue: what checkout charges now (a sale's price while it runs). */
  price: z.number(),
  /** The regular ("was") unit price while a sale applies, else null. */
  compareAtPrice: z.number().nullable(),
  /** The saving in whole percent while a sale applies, else 0. */
  savingPercent: z.number().int(),
  /** The unit price when the line was added, when it differs from `price` now; else null. */
  priceWhenAdded: z.number().nullable(),
  quantity: z.number().int(),
  /** price × quantity, in dollars. */
  total: z.number(),
  email: z.string(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** GET /carts/{email} also tells the number of units in the whole cart, for the top bar's badge. */
export const CART_ITEM_COUNT_HEADER = "x-item-count";
