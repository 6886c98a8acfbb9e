import type { ProductVariantsInputParsed } from "@shop/contract/variants";
import type { ProductDetail } from "@shop/contract/variants";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { productImages, productOptions, products, productVariants } from "../db/schema";
import { notFound } from "../http/problem";
import { findProductDetail } from "./service";

/**
 * Replaces a product's options and variants in one transaction. A variant whose option values
 * exist already keeps its row (its id, so the cart lines holding it stay); the others are made;
 * those left out go, with the cart lines that hold them (orders keep their snapshot). The
 * product's price, stock and counts follow by trigger in the same transaction.
 */
export async function replaceVariants(
  db: Db,
  productId: string,
  input: ProductVariantsInputParsed,
): Promise<ProductDetail> {
  await db.transaction(async (tx) => {
    // The product's row first, as every stock writer takes it (see orders/service placeOrder).
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!product) throw notFound("No product has this id.");

    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    if (input.options.length) {
      await tx.insert(productOptions).values(
        input.options.map((option, position) => ({
          productId,
          position,
          name: option.name,
          values: option.values,
        })),
      );
    }

    const wanted = input.variants.map((variant, position) => ({
      optionValues: input.options.map((option) => variant.options[option.name]!),
      priceCents: variant.price,
      salePriceCents: variant.salePrice ?? null,
      stock: variant.stock,
      position,
    }));
    const existing = await tx
      .select({ id: productVariants.id, optionValues: productVariants.optionValues })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const keyOf = (values: readonly string[]) => JSON.stringify(values);
    const existingByKey = new Map(existing.map((row) => [keyOf(row.optionValues), row.id]));
    const keptIds = wanted.flatMap((variant) => {
      const id = existingByKey.get(keyOf(variant.optionValues));
      return id ? [id] : [];
    });
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          keptIds.length ? notInArray(productVariants.id, keptIds) : undefined,
        ),
      );
    for (const variant of wanted) {
      const id = existingByKey.get(keyOf(variant.optionValues));
      if (id) {
        await tx
          .update(productVariants)
          .set({
            priceCents: variant.priceCents,
            salePriceCents: variant.salePriceCents,
            stock: variant.stock,
            position: variant.position,
          })
          .where(eq(productVariants.id, id));
      }
    }
    const added = wanted.filter((variant) => !existingByKey.has(keyOf(variant.optionValues)));
    if (added.length)
      await tx.insert(productVariants).values(added.map((variant) => ({ productId, ...variant })));
    const window = {
      ...(input.saleStartsAt === undefined ? {} : { saleStartsAt: dateOrNull(input.saleStartsAt) }),
      ...(input.saleEndsAt === undefined ? {} : { saleEndsAt: dateOrNull(input.saleEndsAt) }),
    };
    if (Object.keys(window).length) await tx.update(products).set(window).where(eq(products.id, productId));
  });
  return (await findProductDetail(db, productId))!;
}

const dateOrNull = (time: string | null) => (time === null ? null : new Date(time));

/**
 * Replaces the gallery: the first image becomes the main one (products.image), the others are
 * kept in order, each for all variants or for those with its option value.
 */
export async function replaceImages(
  db: Db,
  productId: string,
  images: readonly { url: string; optionValue: string | null }[],
): Promise<ProductDetail> {
  const [main, ...others] = images;
  await db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set({ image: main!.url })
      .where(eq(products.id, productId))
      .returning({ id: products.id });
    if (!product) throw notFound("No product has this id.");
    await tx.delete(productImages).where(eq(productImages.productId, productId));
    if (others.length) {
      await tx.insert(productImages).values(
        others.map((image, position) => ({
          productId,
          url: image.url,
          optionValue: image.optionValue,
          position,
        })),
      );
    }
  });
  return (await findProductDetail(db, productId))!;
}

/** The ids of a product's variants (tests, the demo data). */
export async function variantIdsOf(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      optionValues: productVariants.optionValues,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]));
}
