import type { ProductReview, ProductReviewInput, RatingSummary, ReviewSort } from "@shop/contract/reviews";
import { REVIEW_MESSAGES } from "@shop/contract/reviews";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { forbidden } from "../auth/guards";
import type { Db } from "../db/client";
import { orderLines, orders, productReviews, products, users } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";

type ReviewRow = typeof productReviews.$inferSelect;

export function toProductReview(row: ReviewRow, name: string): ProductReview {
  return {
    _id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    text: row.body,
    name,
    // Only a shopper with a delivered order of the product can write one (see createProductReview).
    verifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.updatedAt.getTime() - row.createdAt.getTime() > 1000 ? row.updatedAt.toISOString() : null,
  };
}

/** Average stars to one decimal from the maintained columns; 0 with no reviews. */
export const averageOf = (sum: number, ratingCount: number) =>
  ratingCount === 0 ? 0 : Math.round((sum / ratingCount) * 10) / 10;

const SORT_ORDER: Record<ReviewSort, ReturnType<typeof desc>[]> = {
  newest: [desc(productReviews.createdAt), asc(productReviews.id)],
  highest: [desc(productReviews.rating), desc(productReviews.createdAt), asc(productReviews.id)],
  lowest: [asc(productReviews.rating), desc(productReviews.createdAt), asc(productReviews.id)],
};

const visibleOf = (productId: string) =>
  and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt));

async function requireProduct(db: Db, productId: string) {
  const [row] = await db
    .select({ ratingCount: products.ratingCount, ratingSum: products.ratingSum })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw notFound("No product has this id.");
  return row;
}

export async function listProductReviews(
  db: Db,
  productId: string,
  page: { sort: ReviewSort; limit: number; offset: number },
) {
  await requireProduct(db, productId);
  const rows = await db
    .select({
      review: productReviews,
      name: users.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(visibleOf(productId))
    .orderBy(...SORT_ORDER[page.sort])
    .limit(page.limit)
    .offset(page.offset);
  const total =
    rows[0]?.total ??
    (page.offset > 0
      ? ((await db.select({ total: count() }).from(productReviews).where(visibleOf(productId)))[0]?.total ??
        0)
      : 0);
  return { items: rows.map((row) => toProductReview(row.review, row.name)), total };
}

export async function ratingSummary(db: Db, productId: string): Promise<RatingSummary> {
  const product = await requireProduct(db, productId);
  const rows = await db
    .select({ stars: productReviews.rating, count: count() })
    .from(productReviews)
    .where(visibleOf(productId))
    .groupBy(productReviews.rating);
  const byStars = new Map(rows.map((row) => [row.stars, row.count]));
  return {
    average: averageOf(product.ratingSum, product.ratingCount),
    count: product.ratingCount,
    breakdown: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 })),
  };
}

/** Whether an order of this shopper holding the product has been delivered. */
export async function hasReceived(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, "delivered"), eq(orderLines.productId, productId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The verified-purchase rule, then one review per product and shopper (the unique key decides races). */
export async function createProductReview(
  db: Db,
  author: { id: string; name: string },
  productId: string,
  input: ProductReviewInput,
): Promise<ProductReview> {
  await requireProduct(db, productId);
  if (!(await hasReceived(db, author.id, productId))) throw forbidden(REVIEW_MESSAGES.notReceived);
  const [row] = await db
    .insert(productReviews)
    .values({ productId, userId: author.id, rating: input.rating, title: input.title, body: input.text })
    .onConflictDoNothing({ target: [productReviews.productId, productReviews.userId] })
    .returning();
  if (!row) throw new HttpProblem(409, "Conflict", REVIEW_MESSAGES.alreadyReviewed);
  return toProductReview(row, author.name);
}

/** 404 when there is no such review, 403 when it is someone else's. */
async function refuseNotOwn(db: Db, reviewId: string): Promise<never> {
  const [exists] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(eq(productReviews.id, reviewId))
    .limit(1);
  throw exists ? forbidden(REVIEW_MESSAGES.notYours) : notFound("No review has this id.");
}

/** The shopper's own review only; a hidden one stays hidden (an admin restores it). */
export async function updateProductReview(
  db: Db,
  author: { id: string; name: string },
  reviewId: string,
  input: ProductReviewInput,
): Promise<ProductReview> {
  const [row] = await db
    .update(productReviews)
    .set({ rating: input.rating, title: input.title, body: input.text })
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.userId, author.id)))
    .returning();
  if (!row) return refuseNotOwn(db, reviewId);
  return toProductReview(row, author.name);
}

/** Returns the product whose rating changed. */
export async function deleteProductReview(db: Db, userId: string, reviewId: string): Promise<string> {
  const [row] = await db
    .delete(productReviews)
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.userId, userId)))
    .returning({ productId: productReviews.productId });
  if (!row) return refuseNotOwn(db, reviewId);
  return row.productId;
}

/** The products a shopper reviewed: their ratings change when the account goes. */
export async function productsReviewedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: productReviews.productId })
    .from(productReviews)
    .where(eq(productReviews.userId, userId));
  return rows.map((row) => row.productId);
}
