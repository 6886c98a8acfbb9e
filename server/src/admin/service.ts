import type { ListQuery } from "@shop/contract/catalog";
import type { ProductInputParsed } from "@shop/contract/admin";
import { asc, count, desc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { products, users } from "../db/schema";
import { escapeLikePattern, toProduct } from "../products/service";

export async function listUsers(db: Db, query: ListQuery) {
  const pattern = query.q ? `%${escapeLikePattern(query.q)}%` : undefined;
  const where = pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    items: rows.map((user) => ({
      _id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
    })),
    total: totals[0]?.total ?? 0,
  };
}

/** Removing an account takes its sessions, cart and profile with it (foreign keys cascade). */
export async function deleteUser(db: Db, userId: string): Promise<number> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length;
}

const productValues = (input: ProductInputParsed) => ({
  name: input.productname,
  priceCents: input.price,
  category: input.catagory,
  description: input.description,
  image: input.image,
  ...(input.stock === undefined ? {} : { stock: input.stock }),
});

export async function createProduct(db: Db, input: ProductInputParsed) {
  const [row] = await db.insert(products).values(productValues(input)).returning();
  return toProduct(row!);
}

export async function updateProduct(db: Db, id: string, input: ProductInputParsed) {
  const [row] = await db.update(products).set(productValues(input)).where(eq(products.id, id)).returning();
  return row && toProduct(row);
}

/** Cart lines of the product go with it (foreign key cascade). */
export async function deleteProduct(db: Db, id: string): Promise<number> {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length;
}
