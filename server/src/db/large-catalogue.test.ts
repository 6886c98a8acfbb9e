import { CATEGORIES } from "@shop/contract/catalogue";
import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database";
import type { Database } from "./client";
import { seedLargeCatalogue } from "./large-catalogue";
import { products } from "./schema";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("seedLargeCatalogue", () => {
  it("adds the count asked for, spread evenly over the four categories, with demo images", async () => {
    const progress: number[] = [];
    await seedLargeCatalogue(database.db, 2_002, { onProgress: (done) => progress.push(done) });
    const generated = like(products.description, "%a generated product%");
    const perCategory = await database.db
      .select({ category: products.category, products: count() })
      .from(products)
      .where(generated)
      .groupBy(products.category);
    expect(perCategory.map((row) => row.category).sort()).toEqual([...CATEGORIES].sort());
    expect(perCategory.map((row) => row.products).sort()).toEqual([500, 500, 501, 501]);
    expect(progress).toEqual([1_000, 2_000, 2_002]);
    const images = await database.db
      .selectDistinct({ image: products.image })
      .from(products)
      .where(generated);
    expect(images.every(({ image }) => image.startsWith("/demo/products/"))).toBe(true);
  });
});
