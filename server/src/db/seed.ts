import { count } from "drizzle-orm";
import type { Db } from "./client";
import { demoProducts, demoReviews } from "./demo-data";
import { products, reviews } from "./schema";

/**
 * Loads the demo catalogue and testimonials when the catalogue is empty.
 * Returns how many products it inserted (0 when the catalogue already had some).
 */
export async function seedDemoData(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(products);
    if (existing && existing.total > 0) return 0;

    // Staggered timestamps keep the demo's listing order (newest first) as written.
    const now = Date.now();
    await tx.insert(products).values(
      demoProducts.map((product, index) => ({
        name: product.productname,
        description: product.description,
        priceCents: product.priceCents,
        category: product.catagory,
        image: product.image,
        stock: product.stock,
        createdAt: new Date(now - index * 1000),
      })),
    );
    const [existingReviews] = await tx.select({ total: count() }).from(reviews);
    if (!existingReviews?.total) {
      await tx
        .insert(reviews)
        .values(demoReviews.map((review, index) => ({ ...review, createdAt: new Date(now - index * 1000) })));
    }
    return demoProducts.length;
  });
}
