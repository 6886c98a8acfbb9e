import type { ProductInputParsed } from "@shop/contract/admin";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { toAdminProduct } from "./admin-list";

const productValues = (input: ProductInputParsed) => ({
  name: input.productname,
  priceCents: input.price,
  category: input.catagory,
  description: input.description,
  image: input.image,
  ...(input.stock === undefined ? {} : { stock: input.stock }),
  ...(input.status === undefined ? {} : { status: input.status }),
  ...(input.publishAt === undefined
    ? {}
    : { publishAt: input.publishAt === null ? null : new Date(input.publishAt) }),
});

export async function createProduct(db: Db, input: ProductInputParsed) {
  const [row] = await db.insert(products).values(productValues(input)).returning();
  return toAdminProduct(row!);
}

export async function updateProduct(db: Db, id: string, input: ProductInputParsed) {
  const [row] = await db.update(products).set(productValues(input)).where(eq(products.id, id)).returning();
  return row && toAdminProduct(row);
}

/** Cart lines of the product go with it (foreign key cascade). */
export async function deleteProduct(db: Db, id: string): Promise<number> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length;
}
