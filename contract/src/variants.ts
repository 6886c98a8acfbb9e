import { z } from "zod";
import { PRODUCT_MESSAGES, productInputSchema } from "./admin";
import { productSchema, productStatusSchema } from "./catalogue";

/**
 * A product's options, variants and gallery, and the admin's edits of them. A file of its own:
 * pages that only list products or edit their fields do not load these schemas.
 */

/** An option of a product (Size, Colour) and its values in the order the pickers show them. */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/** One combination of option values, with its own price, stock and pictures. */
export const productVariantSchema = z.object({
  _id: z.uuid(),
  /** Option name to value, e.g. { Size: "M", Colour: "Red" }; {} for the default variant. */
  options: z.record(z.string(), z.string()),
  /** What it costs now: its sale price while the product's sale runs. */
  price: z.number(),
  /** Its regular ("was") price while its sale runs, else null. */
  compareAtPrice: z.number().nullable(),
  /** Its saving in whole percent while its sale runs, else 0. */
  savingPercent: z.number().int(),
  /** Its sale price whether or not the sale runs now (the owner's editor); null: none. */
  salePrice: z.number().nullable(),
  stock: z.number().int(),
  /** Its own pictures (e.g. of its colour) first, then the product's shared ones. */
  images: z.array(z.string()),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** GET /productdetail/{id}: the product with its options, variants and gallery (additive). */
export const productDetailSchema = productSchema.extend({
  /** The product's sale window (ISO times; null: open at that end), set or not running. */
  saleStartsAt: z.string().nullable(),
  /** Where the product stands (decision 046); shoppers are only ever shown active ones. */
  status: productStatusSchema,
  /** When an active product goes on sale to shoppers (ISO time); null: at once. */
  publishAt: z.string().nullable(),
  options: z.array(productOptionSchema),
  variants: z.array(productVariantSchema),
  /**
   * The gallery: the main image first, then the others in order; one with an `optionValue`
   * (a colour) belongs to the variants with that value (their `images` list it first).
   */
  images: z.array(z.object({ url: z.string(), optionValue: z.string().nullable() })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const VARIANT_LIMITS = { options: 3, values: 40, variants: 200 } as const;

export const VARIANT_MESSAGES = {
  optionNameRequired: "Option name is Required",
  optionNameTooLong: "Option name must be at most 40 characters",
  optionNamesRepeat: "Two options have the same name",
  optionValueRequired: "Option value is Required",
  optionValueTooLong: "Option value must be at most 40 characters",
  optionValuesRepeat: "An option lists the same value twice",
  tooManyOptions: `A product has at most ${VARIANT_LIMITS.options} options`,
  tooManyValues: `An option has at most ${VARIANT_LIMITS.values} values`,
  variantRequired: "A product needs at least one variant",
  tooManyVariants: `A product has at most ${VARIANT_LIMITS.variants} variants`,
  oneVariantWithoutOptions: "A product without options has exactly one variant",
  variantOptionsMismatch: "A variant needs one value of each option, from that option's values",
  variantsRepeat: "Two variants have the same option values",
  salePriceNotBelow: "The sale price must be below the price",
  saleEndBeforeStart: "The sale must end after it starts",
} as const;

/** An ISO time with its offset ("2026-12-01T09:00:00Z"), or null: that end of the sale is open. */
const saleTimeSchema = z.iso.datetime({ offset: true, message: "A date and time (ISO 8601)" }).nullable();

const optionText = (required: string, tooLong: string) =>
  z.string({ message: required }).trim().min(1, required).max(40, tooLong);

const variantInputSchema = z.object({
  /** Option name to value: { Size: "M", Colour: "Red" }; {} without options. */
  options: z.record(
    z.string(),
    optionText(VARIANT_MESSAGES.optionValueRequired, VARIANT_MESSAGES.optionValueTooLong),
  ),
  price: productInputSchema.shape.price,
  /** Charged while the product's sale runs; below `price`. Absent or null: no sale price. */
  salePrice: productInputSchema.shape.price.nullable().optional(),
  stock: z
    .number({ message: PRODUCT_MESSAGES.stockInvalid })
    .int(PRODUCT_MESSAGES.stockInvalid)
    .min(0, PRODUCT_MESSAGES.stockInvalid)
    .max(100_000, PRODUCT_MESSAGES.stockInvalid),
});

/**
 * The whole set of a product's options and variants. A variant whose option values already exist
 * keeps its id (and the cart lines holding it); one left out is deleted.
 */
export const productVariantsInputSchema = z
  .object({
    options: z
      .array(
        z.object({
          name: optionText(VARIANT_MESSAGES.optionNameRequired, VARIANT_MESSAGES.optionNameTooLong),
          values: z
            .array(optionText(VARIANT_MESSAGES.optionValueRequired, VARIANT_MESSAGES.optionValueTooLong))
            .min(1, VARIANT_MESSAGES.optionValueRequired)
            .max(VARIANT_LIMITS.values, VARIANT_MESSAGES.tooManyValues)
            .refine((values) => new Set(values).size === values.length, VARIANT_MESSAGES.optionValuesRepeat),
        }),
      )
      .max(VARIANT_LIMITS.options, VARIANT_MESSAGES.tooManyOptions)
      .refine(
        (options) => new Set(options.map((option) => option.name)).size === options.length,
        VARIANT_MESSAGES.optionNamesRepeat,
      ),
    variants: z
      .array(variantInputSchema)
      .min(1, VARIANT_MESSAGES.variantRequired)
      .max(VARIANT_LIMITS.variants, VARIANT_MESSAGES.tooManyVariants),
    /**
     * When the variants' sale prices apply (decision 032): both null or absent, as long as they
     * are set. Absent: the window stays as it is.
     */
    saleStartsAt: saleTimeSchema.optional(),
    saleEndsAt: saleTimeSchema.optional(),
  })
  .superRefine((input, context) => {
    input.variants.forEach((variant, index) => {
      if (variant.salePrice !== undefined && variant.salePrice !== null && variant.salePrice >= variant.price)
        context.addIssue({
          code: "custom",
          path: ["variants", index, "salePrice"],
          message: VARIANT_MESSAGES.salePriceNotBelow,
        });
    });
    if (
      input.saleStartsAt &&
      input.saleEndsAt &&
      Date.parse(input.saleEndsAt) <= Date.parse(input.saleStartsAt)
    )
      context.addIssue({
        code: "custom",
        path: ["saleEndsAt"],
        message: VARIANT_MESSAGES.saleEndBeforeStart,
      });
    if (input.options.length === 0 && input.variants.length !== 1) {
      context.addIssue({
        code: "custom",
        path: ["variants"],
        message: VARIANT_MESSAGES.oneVariantWithoutOptions,
      });
      return;
    }
    const seen = new Set<string>();
    input.variants.forEach((variant, index) => {
      const names = Object.keys(variant.options);
      const matches =
        names.length === input.options.length &&
        input.options.every((option) => option.values.includes(variant.options[option.name] ?? "\u0000"));
      if (!matches) {
        context.addIssue({
          code: "custom",
          path: ["variants", index, "options"],
          message: VARIANT_MESSAGES.variantOptionsMismatch,
        });
        return;
      }
      const key = JSON.stringify(input.options.map((option) => variant.options[option.name]));
      if (seen.has(key)) {
        context.addIssue({
          code: "custom",
          path: ["variants", index, "options"],
          message: VARIANT_MESSAGES.variantsRepeat,
        });
      }
      seen.add(key);
    });
  });
export type ProductVariantsInput = z.input<typeof productVariantsInputSchema>;
export type ProductVariantsInputParsed = z.output<typeof productVariantsInputSchema>;

// ---- The gallery (PUT /admin/products/{id}/images).

export const GALLERY_MAX_IMAGES = 12;
export const GALLERY_MESSAGES = {
  imagesRequired: "A product needs at least one image",
  tooManyImages: `A product has at most ${GALLERY_MAX_IMAGES} images`,
  imagesRepeat: "The same image is listed twice",
} as const;

/** The gallery in order; the first is the main image (products.image). */
export const productImagesInputSchema = z.object({
  images: z
    .array(
      z.object({
        url: productInputSchema.shape.image,
        /** Shown for the variants with this option value (e.g. a colour); null: for all. */
        optionValue: z.string().trim().min(1).max(40).nullable().default(null),
      }),
    )
    .min(1, GALLERY_MESSAGES.imagesRequired)
    .max(GALLERY_MAX_IMAGES, GALLERY_MESSAGES.tooManyImages)
    .refine(
      (images) => new Set(images.map((image) => image.url)).size === images.length,
      GALLERY_MESSAGES.imagesRepeat,
    ),
});
export type ProductImagesInput = z.input<typeof productImagesInputSchema>;
