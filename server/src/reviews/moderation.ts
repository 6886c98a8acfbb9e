import type { ModerationBody, ModerationItem, ModerationKind } from "@shop/contract/reviews";
import type { MODERATION_STATUSES } from "@shop/contract/reviews";
import { asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { productReviews, products, reviews, users } from "../db/schema";
import { notFound } from "../http/problem";

export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export interface ModerationQuery {
  kind: ModerationKind;
  status: ModerationStatus;
  limit: number;
  offset: number;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function statusCondition(
  hiddenAt: typeof reviews.hiddenAt | typeof productReviews.hiddenAt,
  status: ModerationStatus,
) {
  if (status === "visible") return isNull(hiddenAt);
  if (status === "hidden") return isNotNull(hiddenAt);
  return undefined;
}

const totalColumn = sql<number>`count(*) over ()`.mapWith(Number);

/** When a review or testimonial was written and what moderation made of it, as the list shows it. */
function moderationState(row: {
  createdAt: Date;
  hiddenAt: Date | null;
  moderationReason: string | null;
  moderatedAt: Date | null;
}) {
  return {
    createdAt: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
    moderationReason: row.moderationReason,
    moderatedAt: iso(row.moderatedAt),
  };
}

/** What admins moderate, newest first: product reviews or testimonials. */
export async function listForModeration(
  db: Db,
  query: ModerationQuery,
): Promise<{ items: ModerationItem[]; total: number }> {
  if (query.kind === "product") {
    const rows = await db
      .select({
        review: productReviews,
        name: users.name,
        email: users.email,
        productname: products.name,
        total: totalColumn,
      })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(statusCondition(productReviews.hiddenAt, query.status))
      .orderBy(desc(productReviews.createdAt), asc(productReviews.id))
      .limit(query.limit)
      .offset(query.offset);
    return {
      total: rows[0]?.total ?? 0,
      items: rows.map(({ review, name, email, productname }) => ({
        _id: review.id,
        kind: "product",
        productId: review.productId,
        productname,
        rating: review.rating,
        title: review.title,
        text: review.body,
        name,
        email,
        ...moderationState(review),
      })),
    };
  }
  const rows = await db
    .select({
      review: reviews,
      name: sql<string>`coalesce(${users.name}, ${reviews.name})`,
      email: users.email,
      total: totalColumn,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(statusCondition(reviews.hiddenAt, query.status))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ review, name, email }) => ({
      _id: review.id,
      kind: "testimonial",
      productId: null,
      productname: null,
      rating: null,
      title: null,
      text: review.review,
      name,
      email,
      ...moderationState(review),
    })),
  };
}

/**
 * What hiding or restoring writes, on reviews and testimonials alike. It is no edit by the writer:
 * updated_at (the "edited" mark) stays as it was. Hiding a hidden one keeps its time.
 */
const moderationValues = (body: ModerationBody, table: { updatedAt: PgColumn; hiddenAt: PgColumn }) => ({
  moderationReason: body.reason,
  moderatedAt: sql`now()`,
  updatedAt: sql`${table.updatedAt}`,
  hiddenAt: body.hidden ? sql`coalesce(${table.hiddenAt}, now())` : null,
});

/**
 * Hides or restores a product review; the rating trigger moves the product's average in the same
 * statement. Returns the product whose public answers changed.
 */
export async function moderateProductReview(db: Db, id: string, body: ModerationBody): Promise<string> {
  const [row] = await db
    .update(productReviews)
    .set(moderationValues(body, productReviews))
    .where(eq(productReviews.id, id))
    .returning({ productId: productReviews.productId });
  if (!row) throw notFound("No review has this id.");
  return row.productId;
}

export async function moderateTestimonial(db: Db, id: string, body: ModerationBody): Promise<void> {
  const [row] = await db
    .update(reviews)
    .set(moderationValues(body, reviews))
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (!row) throw notFound("No testimonial has this id.");
}
