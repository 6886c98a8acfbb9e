import { listQuerySchema, reviewSchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalogue";
import {
  MODERATION_STATUSES,
  moderationBodySchema,
  moderationItemSchema,
  moderationKindSchema,
  myReviewsSchema,
  productReviewInputSchema,
  productReviewSchema,
  ratingSummarySchema,
  reviewSortSchema,
  testimonialInputSchema,
} from "@shop/contract/reviews";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, makeGuards } from "../auth/guards";
import { pageReply } from "../http/page-reply";
import { listForModeration, moderateProductReview, moderateTestimonial } from "./moderation";
import { myReviews } from "./my-reviews";
import {
  createProductReview,
  deleteProductReview,
  listProductReviews,
  ratingSummary,
  updateProductReview,
} from "./product-reviews";
import { createTestimonial, deleteTestimonial, listTestimonials, updateTestimonial } from "./testimonials";

const pageQuery = listQuerySchema.omit({ q: true });
const productParams = z.object({ productId: z.uuid() });
const reviewParams = z.object({ reviewId: z.uuid() });
const moderationParams = z.object({ kind: moderationKindSchema, reviewId: z.uuid() });
const moderationResultSchema = z.object({
  _id: z.uuid(),
  hidden: z.boolean(),
  moderationReason: z.string(),
});

/**
 * SPEC's testimonials (GET /reviews, now writable by shoppers who ordered), product reviews by
 * shoppers who received the product, and their moderation. Public answers go through the
 * catalogue cache; every write that changes one announces it on every instance (catalogueChanged):
 * a product review as a change of its product (its cards, page, reviews and rating, like a stock
 * change; the catalogue index, which holds no ratings, is kept), a testimonial as a change of
 * everything.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { requireUser, requireAdmin } = makeGuards(app);
  /** The product's cards, page, reviews and rating; and every cached answer that names no product. */
  const productRatingChanged = (productId: string) => app.catalogueChanged({ stockOf: [productId] });
  /** Testimonial answers name no product: only a change of everything names them (rare writes). */
  const testimonialsChanged = () => app.catalogueChanged();

  app.get(
    "/reviews",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["reviews"],
        summary: "Client testimonials (visible ones), newest first",
        querystring: pageQuery,
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listTestimonials(db, request.query)),
  );

  app.post(
    "/reviews",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Write my testimonial about the shop (one per shopper; needs an order)",
        body: testimonialInputSchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) => {
      const testimonial = await createTestimonial(db, currentUser(request), request.body);
      await testimonialsChanged();
      return reply.code(201).send(testimonial);
    },
  );

  app.put(
    "/reviews/:reviewId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Edit my testimonial",
        params: reviewParams,
        body: testimonialInputSchema,
        response: { 200: reviewSchema },
      },
    },
    async (request) => {
      const testimonial = await updateTestimonial(
        db,
        currentUser(request),
        request.params.reviewId,
        request.body,
      );
      await testimonialsChanged();
      return testimonial;
    },
  );

  app.delete(
    "/reviews/:reviewId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Delete my testimonial",
        params: reviewParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTestimonial(db, currentUser(request).id, request.params.reviewId);
      await testimonialsChanged();
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/products/:productId/reviews",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["reviews"],
        summary: "A product's visible reviews: newest, highest or lowest rated first",
        params: productParams,
        querystring: pageQuery.extend({
          sort: reviewSortSchema.default("newest"),
          limit: pageQuery.shape.limit.default(10),
        }),
        response: { 200: z.array(productReviewSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await listProductReviews(db, request.params.productId, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      request.catalogueProductIds = [request.params.productId];
      return items;
    },
  );

  app.get(
    "/products/:productId/rating",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["reviews"],
        summary: "A product's average stars, review count and how many gave each number of stars",
        params: productParams,
        response: { 200: ratingSummarySchema },
      },
    },
    async (request) => {
      request.catalogueProductIds = [request.params.productId];
      return ratingSummary(db, request.params.productId);
    },
  );

  app.post(
    "/products/:productId/reviews",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Review a product delivered to me (once per product)",
        params: productParams,
        body: productReviewInputSchema,
        response: { 201: productReviewSchema },
      },
    },
    async (request, reply) => {
      const review = await createProductReview(
        db,
        currentUser(request),
        request.params.productId,
        request.body,
      );
      await productRatingChanged(review.productId);
      return reply.code(201).send(review);
    },
  );

  app.put(
    "/product-reviews/:reviewId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Edit my product review",
        params: reviewParams,
        body: productReviewInputSchema,
        response: { 200: productReviewSchema },
      },
    },
    async (request) => {
      const review = await updateProductReview(
        db,
        currentUser(request),
        request.params.reviewId,
        request.body,
      );
      await productRatingChanged(review.productId);
      return review;
    },
  );

  app.delete(
    "/product-reviews/:reviewId",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "Delete my product review",
        params: reviewParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const productId = await deleteProductReview(db, currentUser(request).id, request.params.reviewId);
      await productRatingChanged(productId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/my-reviews",
    {
      onRequest: requireUser,
      schema: {
        tags: ["reviews"],
        summary: "My product reviews and testimonial, and the delivered products I may review",
        response: { 200: myReviewsSchema },
      },
    },
    async (request) => myReviews(db, currentUser(request).id),
  );

  app.get(
    "/admin/reviews",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Product reviews or testimonials to moderate, newest first",
        querystring: pageQuery.extend({
          kind: moderationKindSchema.default("product"),
          status: z.enum(MODERATION_STATUSES).default("all"),
          limit: pageQuery.shape.limit.default(20),
        }),
        response: { 200: z.array(moderationItemSchema) },
      },
    },
    async (request, reply) => pageReply(reply, await listForModeration(db, request.query)),
  );

  app.patch(
    "/admin/reviews/:kind/:reviewId",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Hide a product review or testimonial from every public list, or restore it, with a reason",
        params: moderationParams,
        body: moderationBodySchema,
        response: { 200: moderationResultSchema },
      },
    },
    async (request) => {
      const { kind, reviewId } = request.params;
      if (kind === "product") {
        await productRatingChanged(await moderateProductReview(db, reviewId, request.body));
      } else {
        await moderateTestimonial(db, reviewId, request.body);
        await testimonialsChanged();
      }
      return { _id: reviewId, hidden: request.body.hidden, moderationReason: request.body.reason };
    },
  );
};
