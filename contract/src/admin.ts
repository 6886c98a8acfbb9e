import { z } from "zod";
import { CATEGORIES, listQuerySchema, PRODUCT_STATUSES, productSchema } from "./catalogue";
import { fitsMinorUnits, majorToMinor, positiveAmountText } from "./currency";

export const PRODUCT_MESSAGES = {
  nameRequired: "Product name Required",
  nameTooLong: "Product name must be at most 120 characters",
  priceRequired: "Price is Required",
  /** With the shop currency's decimals (decision 040): "at most 2 decimals" for USD, none for JPY. */
  get priceInvalid() {
    return `Price must be ${positiveAmountText()}`;
  },
  imageRequired: "Image is Required",
  imageInvalid: "Image must be an http(s) address or an uploaded image",
  descriptionRequired: "Description is Required",
  descriptionTooLong: "Description must be at most 2000 characters",
  categoryRequired: "Category is Required",
  stockInvalid: "Stock must be a whole number from 0 to 100000",
  statusInvalid: "Status must be draft, active or archived",
  publishAtInvalid: "Publish time must be a date and time",
};

/** Up to 9,999,999 major units with at most the currency's decimals, written as a form would send it, not zero. */
const isPriceText = (value: string) =>
  /^\d{1,7}(\.\d+)?$/.test(value) && Number(value) > 0 && fitsMinorUnits(Number(value));
/** Our own image paths: uploads and the demo catalogue's files. */
const LOCAL_IMAGE_PATTERN = /^\/(uploads|demo)\/(?!.*\.\.)[\w./-]+\.(webp|svg|png|jpe?g)$/;

export function isAllowedImage(value: string): boolean {
  if (LOCAL_IMAGE_PATTERN.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const requiredText = (message: string) => z.string({ message }).trim().min(1, message);

/** POST /addproduct and PUT /product/{id}; the Add Product form validates with the same rules. */
export const productInputSchema = z.object({
  productname: requiredText(PRODUCT_MESSAGES.nameRequired).max(120, PRODUCT_MESSAGES.nameTooLong),
  price: z
    .union([z.number(), z.string()], { message: PRODUCT_MESSAGES.priceRequired })
    .transform((value) => (typeof value === "number" ? String(value) : value.trim()))
    .pipe(
      z
        .string()
        .min(1, PRODUCT_MESSAGES.priceRequired)
        .refine(isPriceText, { error: () => PRODUCT_MESSAGES.priceInvalid }),
    )
    .transform((value) => majorToMinor(Number(value))),
  catagory: z.enum(CATEGORIES, { message: PRODUCT_MESSAGES.categoryRequired }),
  description: requiredText(PRODUCT_MESSAGES.descriptionRequired).max(
    2000,
    PRODUCT_MESSAGES.descriptionTooLong,
  ),
  image: requiredText(PRODUCT_MESSAGES.imageRequired)
    .max(2048, PRODUCT_MESSAGES.imageInvalid)
    .refine(isAllowedImage, PRODUCT_MESSAGES.imageInvalid),
  /** Beyond SPEC's payload: units in stock. Omitted: 0 for a new product, unchanged on edit. */
  stock: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, PRODUCT_MESSAGES.stockInvalid).transform(Number)], {
      message: PRODUCT_MESSAGES.stockInvalid,
    })
    .pipe(
      z
        .number()
        .int(PRODUCT_MESSAGES.stockInvalid)
        .min(0, PRODUCT_MESSAGES.stockInvalid)
        .max(100_000, PRODUCT_MESSAGES.stockInvalid),
    )
    .optional(),
  /** Beyond SPEC (decision 046). Omitted: active for a new product, unchanged on edit. */
  status: z.enum(PRODUCT_STATUSES, { message: PRODUCT_MESSAGES.statusInvalid }).optional(),
  /**
   * When an active product goes on sale to shoppers (ISO time); null: at once. Omitted: none for
   * a new product, unchanged on edit.
   */
  publishAt: z.iso
    .datetime({ offset: true, message: PRODUCT_MESSAGES.publishAtInvalid })
    .nullable()
    .optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;
/** After parsing, `price` is integer minor units (cents for USD). */
export type ProductInputParsed = z.output<typeof productInputSchema>;

export const userSummarySchema = z.object({
  _id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["user", "admin"]),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const uploadResponseSchema = z.object({ path: z.string().min(1) });

/**
 * Manage Products' list: every product whatever its status, newest first. `status` "scheduled"
 * is an active product whose publish time is still ahead (decision 046).
 */
export const ADMIN_PRODUCT_STATUS_FILTERS = ["draft", "scheduled", "active", "archived"] as const;
export const adminProductListQuerySchema = listQuerySchema.extend({
  status: z.enum(ADMIN_PRODUCT_STATUS_FILTERS).optional(),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;
export const adminProductSchema = productSchema.extend({
  status: z.enum(PRODUCT_STATUSES),
  /** When an active product goes on sale to shoppers (ISO time); null: at once. */
  publishAt: z.string().nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
