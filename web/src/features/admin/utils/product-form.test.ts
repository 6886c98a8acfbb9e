import { PRODUCT_MESSAGES } from "@shop/contract/admin";
import { describe, expect, it } from "vitest";

import { product } from "@/features/admin/testing/fixtures";
import {
  CATEGORY_OPTIONS,
  emptyProductForm,
  isoToLocalTime,
  productFormSchema,
  productToFormValues,
  splitServerErrors,
  type ProductFormValues,
} from "@/features/admin/utils/product-form";

const valid: ProductFormValues = {
  productname: " Aviator Chronograph Watch ",
  price: "129.9",
  image: "/uploads/0b1c2d3e-0000-4000-8000-000000000001.webp",
  description: "Steel case, leather strap.",
  catagory: "mans",
  stock: "12",
  status: "active",
  publishAt: "",
};

function messages(values: ProductFormValues) {
  const result = productFormSchema.safeParse(values);
  if (result.success) return {};
  // The form shows the first message of each field, as the resolver does.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join(".")] ??= issue.message;
  return first;
}

describe("the product form's rules", () => {
  it("give SPEC's message for every empty required field (spelt correctly)", () => {
    expect(messages(emptyProductForm(10))).toEqual({
      productname: "Product name Required",
      price: "Price is Required",
      image: "Image is Required",
      description: "Description is Required",
      catagory: "Category is Required",
    });
  });

  it("refuse a price that is not a positive amount with at most two decimals", () => {
    for (const price of ["0", "0.00", "-3", "abc", "12.345", "1e3", "12,50"]) {
      expect(messages({ ...valid, price }).price, price).toBe(PRODUCT_MESSAGES.priceInvalid);
    }
  });

  it("refuse an image that is neither an http(s) address nor one of the shop's files, and bad stock", () => {
    expect(messages({ ...valid, image: "javascript:alert(1)" }).image).toBe(PRODUCT_MESSAGES.imageInvalid);
    expect(messages({ ...valid, image: "photo.png" }).image).toBe(PRODUCT_MESSAGES.imageInvalid);
    for (const stock of ["", "-1", "2.5", "100001"]) {
      expect(messages({ ...valid, stock }).stock, stock).toBe(PRODUCT_MESSAGES.stockInvalid);
    }
  });

  it("refuse a category that is not one of the four wire values", () => {
    expect(messages({ ...valid, catagory: "Men" }).catagory).toBe("Category is Required");
    expect(messages({ ...valid, catagory: "watches" }).catagory).toBe("Category is Required");
  });

  it("turn the typed strings into the payload: trimmed text, the price in dollars as a number, stock a number", () => {
    expect(productFormSchema.parse(valid)).toEqual({
      productname: "Aviator Chronograph Watch",
      price: 129.9,
      image: valid.image,
      description: "Steel case, leather strap.",
      catagory: "mans",
      stock: 12,
      status: "active",
      publishAt: null,
    });
    // Exact cents, never 19.990000000000002.
    for (const [typed, sent] of [
      ["19.99", 19.99],
      ["0.10", 0.1],
      ["1000000", 1_000_000],
      [" 7.5 ", 7.5],
    ] as const) {
      expect(productFormSchema.parse({ ...valid, price: typed }).price).toBe(sent);
    }
  });

  it("accept an external https image address", () => {
    expect(productFormSchema.parse({ ...valid, image: "https://images.example.com/watch.jpg" }).image).toBe(
      "https://images.example.com/watch.jpg",
    );
  });
});

describe("the category select", () => {
  it("shows friendly labels and sends SPEC's wire values, in the order Men, Shoes, Women, Gadgets", () => {
    expect(CATEGORY_OPTIONS).toEqual([
      { value: "mans", label: "Men" },
      { value: "shoes", label: "Shoes" },
      { value: "womans", label: "Women" },
      { value: "gadgets", label: "Gadgets" },
    ]);
  });
});

describe("form values", () => {
  it("start empty for a new product, with the default stock", () => {
    expect(emptyProductForm(10)).toEqual({
      productname: "",
      price: "",
      image: "",
      description: "",
      catagory: "",
      stock: "10",
      status: "active",
      publishAt: "",
    });
  });

  it("fill in a product for editing, the price with two decimals", () => {
    expect(
      productToFormValues({
        ...product(1, { price: 12.5, catagory: "womans", stock: 0, status: "draft" }),
      }),
    ).toEqual({
      productname: "Product 1",
      price: "12.50",
      image: "/demo/products/product-1.svg",
      description: "A fine product.",
      catagory: "womans",
      stock: "0",
      status: "draft",
      publishAt: "",
    });
  });

  it("send a publish time typed in local time as an ISO time, and none as null; refuse a status or time it does not know", () => {
    const parsed = productFormSchema.safeParse({ ...valid, publishAt: "2026-12-24T18:30" });
    expect(parsed.success && parsed.data.publishAt).toBe(new Date("2026-12-24T18:30").toISOString());
    expect(isoToLocalTime(new Date("2026-12-24T18:30").toISOString())).toBe("2026-12-24T18:30");
    const none = productFormSchema.safeParse(valid);
    expect(none.success && none.data.publishAt).toBeNull();
    expect(messages({ ...valid, status: "live" })).toEqual({
      status: "Status must be draft, active or archived",
    });
    expect(messages({ ...valid, publishAt: "soon" })).toEqual({
      publishAt: "Publish time must be a date and time",
    });
  });

  it("split the server's messages into those of a field and the rest", () => {
    expect(splitServerErrors({ productname: "Taken", "(root)": "Bad body", price: "Too cheap" })).toEqual({
      fields: { productname: "Taken", price: "Too cheap" },
      other: ["Bad body"],
    });
  });
});
