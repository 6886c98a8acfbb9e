import { REVIEW_CAPTIONS } from "@shop/contract/catalogue";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "./client";
import { replaceImages, replaceVariants } from "../products/variants";
import { demoProducts, demoReviews } from "./demo-data";
import { demoVariantsOf } from "./demo-variants";
import { coupons, products, productVariants, reviews, shippingMethods, shopSettings } from "./schema";

/**
 * A few demo products on sale from the moment they are seeded, with no end, so a fresh shop shows
 * sale prices, "On sale" and "Biggest saving" (decision 032): percent off every variant's price.
 */
const DEMO_SALES: Readonly<Record<string, number>> = {
  "camel-pleated-skirt": 30,
  "strappy-summer-sandal": 20,
  "suede-driving-loafer": 25,
};

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
    const inserted = await tx
      .insert(products)
      .values(
        demoProducts.map((product, index) => ({
          name: product.productname,
          description: product.description,
          priceCents: product.priceCents,
          category: product.catagory,
          image: product.image,
          stock: product.stock,
          createdAt: new Date(now - index * 1000),
        })),
      )
      .returning({ id: products.id, name: products.name });
    // Sizes, colours and galleries (each product was made with its one default variant).
    for (const [index, product] of demoProducts.entries()) {
      const extras = demoVariantsOf(product, index);
      const id = inserted.find((row) => row.name === product.productname)?.id;
      if (extras && id) {
        await replaceVariants(tx, id, extras.variants);
        if (extras.images.length > 1) await replaceImages(tx, id, extras.images);
      }
      const percentOff = DEMO_SALES[product.slug];
      if (percentOff && id) await putOnSale(tx, id, percentOff, new Date(now));
    }
    const [existingReviews] = await tx.select({ total: count() }).from(reviews);
    if (!existingReviews?.total) {
      await tx.insert(reviews).values(
        demoReviews.map((review, index) => ({
          ...review,
          caption: REVIEW_CAPTIONS.demo,
          createdAt: new Date(now - index * 1000),
        })),
      );
    }
    await seedDemoMoney(tx);
    return demoProducts.length;
  });
}

/** The window first: the variants' trigger derives the product's sale columns from it. */
async function putOnSale(tx: Db, productId: string, percentOff: number, from: Date) {
  await tx.update(products).set({ saleStartsAt: from, saleEndsAt: null }).where(eq(products.id, productId));
  await tx
    .update(productVariants)
    // Whole cents, rounded half up, in integer arithmetic.
    .set({ salePriceCents: sql`(${productVariants.priceCents} * ${100 - percentOff} + 50) / 100` })
    .where(eq(productVariants.productId, productId));
}

/**
 * The demo shop's money settings: Standard (free from $50, else $4.99) and Express ($14.99)
 * shipping, the WELCOME10 code (10 % off), and a 10 % tax included in the prices. Each only when
 * the owner has none of its kind yet.
 */
async function seedDemoMoney(tx: Db) {
  const [methods] = await tx.select({ total: count() }).from(shippingMethods);
  if (!methods?.total) {
    await tx.insert(shippingMethods).values([
      {
        name: "Standard",
        description: "3–5 working days",
        flatRateCents: 499,
        freeFromCents: 5000,
        sortOrder: 0,
      },
      {
        name: "Express",
        description: "Next working day",
        flatRateCents: 1499,
        freeFromCents: null,
        sortOrder: 1,
      },
    ]);
  }
  await tx.insert(coupons).values({ code: "WELCOME10", kind: "percent", value: 10 }).onConflictDoNothing();
  await tx
    .insert(shopSettings)
    .values({ key: "money", value: { taxRate: 10, pricesIncludeTax: true, returnWindowDays: 30 } })
    .onConflictDoNothing();
}
