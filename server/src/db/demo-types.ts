import type { Category } from "@shop/contract/catalogue";

/** A demo product as `scripts/generate-demo-assets.mjs` writes it into `demo-data.ts`. */
export interface DemoProduct {
  slug: string;
  productname: string;
  priceCents: number;
  catagory: Category;
  description: string;
  image: string;
  stock: number;
}

/** A demo testimonial, with its avatar under /demo/avatars. */
export interface DemoReview {
  name: string;
  review: string;
  image: string;
}
