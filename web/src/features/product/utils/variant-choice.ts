import type { ProductDetail, ProductOption, ProductVariant } from "@shop/contract/variants";

import { t } from "@/features/product/messages";
import { currentLocale } from "@/lib/i18n";

/** The chosen value of each option, by option name; a missing name is not chosen yet. */
export type Choice = Record<string, string>;

/** The address names an option in lower case: ?size=M&colour=Red. */
export const paramOf = (optionName: string) => optionName.trim().toLowerCase();

/**
 * The choice the address holds: only values the product has. An option with a single value is
 * chosen already (nothing to decide), unless that value is sold out everywhere.
 */
export function choiceFromParams(product: ProductDetail, params: URLSearchParams): Choice {
  const choice: Choice = {};
  for (const option of product.options) {
    const wanted = params.get(paramOf(option.name));
    const value = option.values.find((candidate) => candidate.toLowerCase() === wanted?.toLowerCase());
    if (value !== undefined) choice[option.name] = value;
    else if (option.values.length === 1) choice[option.name] = option.values[0]!;
  }
  return choice;
}

/** The address after choosing `value` for `option` (other parameters kept). */
export function paramsWithChoice(params: URLSearchParams, option: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(paramOf(option), value);
  return next;
}

/** The variant the choice names, once every option is chosen (a product without options: its only one). */
export function chosenVariant(product: ProductDetail, choice: Choice): ProductVariant | undefined {
  if (product.options.some((option) => choice[option.name] === undefined)) return undefined;
  return product.variants.find((variant) =>
    product.options.every((option) => variant.options[option.name] === choice[option.name]),
  );
}

/** The options still to choose, in order. */
export const unchosenOptions = (product: ProductDetail, choice: Choice): ProductOption[] =>
  product.options.filter((option) => choice[option.name] === undefined);

/**
 * Whether `value` of `option` can be bought together with what is chosen of the other options:
 * some variant with it, matching the others, has stock. Otherwise the picker crosses it out.
 */
export function isAvailable(product: ProductDetail, choice: Choice, option: string, value: string): boolean {
  return isOffered(product, choice, option, value, true);
}

/**
 * Whether a variant with `value` exists together with what is chosen of the other options (in
 * stock or not, unless `inStock`): a sold-out one can be chosen, to ask to hear when it is back.
 */
export function isOffered(
  product: ProductDetail,
  choice: Choice,
  option: string,
  value: string,
  inStock = false,
): boolean {
  return product.variants.some(
    (variant) =>
      (!inStock || variant.stock > 0) &&
      variant.options[option] === value &&
      product.options.every(
        (other) =>
          other.name === option ||
          choice[other.name] === undefined ||
          variant.options[other.name] === choice[other.name],
      ),
  );
}

/** "Choose a Size first.", "Choose a Size and Colour first." (the names listed as the page's language lists). */
export function chooseMessage(options: readonly ProductOption[]): string {
  const names = new Intl.ListFormat(currentLocale(), { type: "conjunction" });
  return t("product.chooseFirst", { options: names.format(options.map((option) => option.name)) });
}

/** The pictures to show: the chosen variant's, else those of a chosen colour's variants, else all. */
export function galleryOf(
  product: ProductDetail,
  choice: Choice,
  variant: ProductVariant | undefined,
): string[] {
  if (variant) return variant.images;
  const partial = product.variants.find((candidate) =>
    product.options.every(
      (option) => choice[option.name] === undefined || candidate.options[option.name] === choice[option.name],
    ),
  );
  const chosenAny = Object.keys(choice).length > 0;
  return chosenAny && partial ? partial.images : product.images.map((image) => image.url);
}
