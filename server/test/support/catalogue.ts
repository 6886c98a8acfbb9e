import { products } from "../../src/db/schema";
import type { Db } from "../../src/db/client";

let sequence = 0;

/** Inserts a product for a test and returns its id. */
export async function insertProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<string> {
  sequence += 1;
  const [row] = await db
    .insert(products)
    .values({
      name: `Test Product ${sequence}`,
      description: "A product made by a test.",
      priceCents: 2500,
      category: "gadgets",
      image: "/demo/products/test.svg",
      stock: 50,
      ...overrides,
    })
    .returning({ id: products.id });
  return row!.id;
}

/** The admin form's fields for a product every rule accepts (tests change one field at a time). */
export const validProductForm = {
  productname: "Harbour Dive Watch",
  price: "249.90",
  catagory: "mans",
  description: "A 200 m dive watch with a ceramic bezel.",
  image: "https://images.example.com/watch.webp",
};
