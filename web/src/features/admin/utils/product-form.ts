import { minorToMajor, plainAmount } from "@/lib/shop-currency";
import { productInputSchema } from "@shop/contract/admin";
import { CATEGORIES, PRODUCT_STATUSES, type Category, type ProductStatus } from "@shop/contract/catalogue";
import type { AdminProduct } from "@shop/contract/admin";
import { z } from "zod";

import type { SelectOption } from "@/components/select-field";
import { categoryLabel } from "@/config/categories";
import { t } from "@/features/admin/messages";

/** What the product form holds: every input as typed (the category "" until one is chosen). */
export type ProductFormValues = {
  productname: string;
  price: string;
  image: string;
  description: string;
  catagory: string;
  stock: string;
  status: string;
  /** As a datetime-local input holds it (the browser's time zone); "" for none. */
  publishAt: string;
};

/** What POST /addproduct and PUT /product/{id} receive: the price in dollars, the wire category. */
export type ProductPayload = {
  productname: string;
  price: number;
  catagory: Category;
  description: string;
  image: string;
  stock?: number | undefined;
  status?: ProductStatus | undefined;
  publishAt?: string | null | undefined;
};

export const PRODUCT_FORM_FIELDS = [
  "productname",
  "price",
  "image",
  "description",
  "catagory",
  "stock",
  "status",
  "publishAt",
] as const;
export type ProductFormField = (typeof PRODUCT_FORM_FIELDS)[number];

/** The four categories as the select shows them: friendly labels, SPEC's wire values. */
export const CATEGORY_OPTIONS: readonly SelectOption[] = CATEGORIES.map((value) => ({
  value,
  label: categoryLabel(value),
}));

/** Where a product stands (decision 046), as the status select offers it. */
export const STATUS_OPTIONS: readonly SelectOption[] = PRODUCT_STATUSES.map((value) => ({
  value,
  label: {
    draft: t("admin.status.draft"),
    active: t("admin.status.active"),
    archived: t("admin.status.archived"),
  }[value],
}));

/** A datetime-local input's value (local time) as an ISO time; "" is none, nonsense stays as typed. */
export function localTimeToIso(value: string): string | null {
  if (value.trim() === "") return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

/** An ISO time as a datetime-local input shows it, in the browser's time zone. */
export function isoToLocalTime(iso: string | null): string {
  if (!iso) return "";
  const time = new Date(iso);
  const local = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The contract parses the price into integer cents; the API takes dollars, exactly. */
function toPayload(parsed: z.output<typeof productInputSchema>): ProductPayload {
  return { ...parsed, price: minorToMajor(parsed.price) };
}

/**
 * The form's rules are the API's (productInputSchema, with SPEC's messages): the typed strings
 * go through it, each problem lands on its field, and the payload to send comes out.
 */
export const productFormSchema = z
  .object({
    productname: z.string(),
    price: z.string(),
    image: z.string(),
    description: z.string(),
    catagory: z.string(),
    stock: z.string(),
    status: z.string(),
    publishAt: z.string(),
  })
  .transform((values, context) => {
    const result = productInputSchema.safeParse({ ...values, publishAt: localTimeToIso(values.publishAt) });
    if (result.success) return toPayload(result.data);
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/** An empty form for a new product. */
export function emptyProductForm(defaultStock: number): ProductFormValues {
  return {
    productname: "",
    price: "",
    image: "",
    description: "",
    catagory: "",
    stock: String(defaultStock),
    status: "active",
    publishAt: "",
  };
}

/** The form filled with a product, for editing it. */
export function productToFormValues(product: AdminProduct): ProductFormValues {
  return {
    productname: product.productname,
    price: plainAmount(product.price),
    image: product.image,
    description: product.description,
    catagory: product.catagory,
    stock: String(product.stock),
    status: product.status,
    publishAt: isoToLocalTime(product.publishAt),
  };
}

/**
 * The server's validation messages (problem+json `errors`), split into those of a form field
 * and the rest (shown above the submit button).
 */
export function splitServerErrors(errors: Readonly<Record<string, string>>) {
  const fields: Partial<Record<ProductFormField, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = PRODUCT_FORM_FIELDS.find((name) => name === key);
    if (field) fields[field] = message;
    else other.push(message);
  }
  return { fields, other };
}
