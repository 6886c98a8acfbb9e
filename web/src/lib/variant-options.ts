import type { ChosenOption } from "@shop/contract/cart";

/** "Size: M · Colour: Navy": how the bag, orders and low stock name a variant's options. */
export const optionsText = (options: readonly ChosenOption[]) =>
  options.map((option) => `${option.name}: ${option.value}`).join(" · ");
