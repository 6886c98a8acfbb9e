import type { MyReviews } from "@shop/contract/reviews";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { orderLines, orders, productReviews, products, reviews, users } from "../db/schema";
import { toProductReview } from "./product-reviews";
import { hasOrdered } from "./testimonials";

/** The dashboard's My Reviews: the shopper's reviews (hidden ones too, marked), testimonial, and what they may review. */
export async function myReviews(db: Db, userId: string): Promise<MyReviews> {
  const [written, testimonialRows, toReview, ordered] = await Promise.all([
    db
      .select({ review: productReviews, name: users.name, productname: products.name, image: products.image })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(eq(productReviews.userId, userId))
      .orderBy(desc(productReviews.createdAt)),
    db.select().from(reviews).where(eq(reviews.userId, userId)).limit(1),
    db
      .selectDistinct({ productId: products.id, productname: products.name, image: products.image })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(
        productReviews,
        and(eq(productReviews.productId, products.id), eq(productReviews.userId, userId)),
      )
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, "delivered"),
          isNotNull(orderLines.productId),
          isNull(productReviews.id),
        ),
      )
      .orderBy(products.name),
    hasOrdered(db, userId),
  ]);
  const testimonial = testimonialRows[0];
  return {
    productReviews: written.map((row) => ({
      ...toProductReview(row.review, row.name),
      productname: row.productname,
      image: row.image,
      hidden: row.review.hiddenAt !== null,
      moderationReason: row.review.moderationReason,
    })),
    testimonial: testimonial
      ? {
          _id: testimonial.id,
          review: testimonial.review,
          createdAt: testimonial.createdAt.toISOString(),
          hidden: testimonial.hiddenAt !== null,
          moderationReason: testimonial.moderationReason,
        }
      : null,
    canWriteTestimonial: ordered,
    toReview,
  };
}
