import { REVIEW_CAPTIONS, type Review } from "@shop/contract/catalogue";
import { REVIEW_MESSAGES, type TestimonialInput } from "@shop/contract/reviews";
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { forbidden } from "../auth/guards";
import type { Db } from "../db/client";
import { orders, profiles, reviews, users } from "../db/schema";
import { HttpProblem, notFound } from "../http/problem";

/** The picture of a testimonial whose writer has none. */
export const DEFAULT_TESTIMONIAL_IMAGE = "/demo/avatars/avatar-1.svg";

/** The writer's current name and picture; the stored ones are the demo testimonials'. */
const testimonialColumns = {
  id: reviews.id,
  review: reviews.review,
  name: sql<string>`coalesce(${users.name}, ${reviews.name})`,
  image: sql<string>`coalesce(${users.image}, ${reviews.image})`,
  userId: reviews.userId,
  caption: reviews.caption,
  createdAt: reviews.createdAt,
};

type TestimonialRow = {
  caption: string | null;
  id: string;
  review: string;
  name: string;
  image: string;
  userId: string | null;
  createdAt: Date;
};

const toTestimonial = (row: TestimonialRow): Review => ({
  _id: row.id,
  review: row.review,
  name: row.name,
  image: row.image,
  caption: row.caption ?? REVIEW_CAPTIONS.verifiedBuyer,
  verified: row.userId !== null,
  createdAt: row.createdAt.toISOString(),
});

/** SPEC's GET /reviews: the visible testimonials, newest first. */
export async function listTestimonials(db: Db, page: { limit: number; offset: number }) {
  const visible = isNull(reviews.hiddenAt);
  const [rows, totals] = await Promise.all([
    db
      .select(testimonialColumns)
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(visible)
      .orderBy(desc(reviews.createdAt), asc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(reviews).where(visible),
  ]);
  return { items: rows.map(toTestimonial), total: totals[0]?.total ?? 0 };
}

export async function hasOrdered(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(orders)
    .where(eq(orders.userId, userId))
    .limit(1);
  return row !== undefined;
}

export async function createTestimonial(
  db: Db,
  author: { id: string; name: string; image: string | null },
  input: TestimonialInput,
): Promise<Review> {
  if (!(await hasOrdered(db, author.id))) throw forbidden(REVIEW_MESSAGES.noOrder);
  // The caption is the writer's city as it is now (REVIEW_CAPTIONS); none shows 'Verified buyer'.
  const [profile] = await db
    .select({ city: profiles.city })
    .from(profiles)
    .where(eq(profiles.userId, author.id))
    .limit(1);
  const [row] = await db
    .insert(reviews)
    .values({
      userId: author.id,
      caption: profile?.city ?? null,
      name: author.name,
      image: author.image ?? DEFAULT_TESTIMONIAL_IMAGE,
      review: input.review,
    })
    .onConflictDoNothing({ target: reviews.userId })
    .returning();
  if (!row) throw new HttpProblem(409, "Conflict", REVIEW_MESSAGES.alreadyWroteTestimonial);
  return toTestimonial({ ...row, image: author.image ?? row.image, name: author.name });
}

async function refuseNotOwn(db: Db, id: string): Promise<never> {
  const [exists] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).limit(1);
  throw exists ? forbidden(REVIEW_MESSAGES.notYours) : notFound("No testimonial has this id.");
}

export async function updateTestimonial(
  db: Db,
  author: { id: string; name: string; image: string | null },
  id: string,
  input: TestimonialInput,
): Promise<Review> {
  const [row] = await db
    .update(reviews)
    .set({ review: input.review })
    .where(and(eq(reviews.id, id), eq(reviews.userId, author.id)))
    .returning();
  if (!row) return refuseNotOwn(db, id);
  return toTestimonial({ ...row, image: author.image ?? row.image, name: author.name });
}

export async function deleteTestimonial(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  if (deleted.length === 0) await refuseNotOwn(db, id);
}
