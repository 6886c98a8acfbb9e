import { minorToMajor, plainAmount } from "@/lib/shop-currency";
import { productInputSchema } from "@shop/contract/admin";
import { CATEGORIES, type Category, type Product } from "@shop/contract/catalogue";
import { z } from "zod";

import type { SelectOption } from "@/components/select-field";
import { categoryDisplay } from "@/config/categories";

/** What the product form holds: every input as typed (the category "" until one is chosen). */
export type ProductFormValues = {
  productname: string;
  price: string;
  image: string;
  description: string;
  catagory: string;
  stock: string;
};

/** What POST /addproduct and PUT /product/{id} receive: the price in dollars, the wire category. */
export type ProductPayload = {
  productname: string;
  price: number;
  catagory: Category;
  description: string;
  image: string;
  stock?: number | undefined;
};

export const PRODUCT_FORM_FIELDS = [
  "productname",
  "price",
  "image",
  "description",
  "catagory",
  "stock",
] as const;
export type ProductFormField = (typeof PRODUCT_FORM_FIELDS)[number];

/** The four categories as the select shows them: friendly labels, SPEC's wire values. */
export const CATEGORY_OPTIONS: readonly SelectOption[] = CATEGORIES.map((value) => ({
  value,
  label: categoryDisplay[value].label,
}));

export function categoryLabel(category: Category): string {
  return categoryDisplay[category].label;
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
  })
  .transform((values, context) => {
    const result = productInputSchema.safeParse(values);
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
  };
}

/** The form filled with a product, for editing it. */
export function productToFormValues(product: Product): ProductFormValues {
  return {
    productname: product.productname,
    price: plainAmount(product.price),
    image: product.image,
    description: product.description,
    catagory: product.catagory,
    stock: String(product.stock),
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
