import { listQuerySchema, reviewSchema, TOTAL_COUNT_HEADER } from "@shop/contract/catalog";
import { asc, count, desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { reviews } from "../db/schema";

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    "/reviews",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["reviews"],
        summary: "Client testimonials, newest first",
        querystring: listQuerySchema.omit({ q: true }),
        response: { 200: z.array(reviewSchema) },
      },
    },
    async (request, reply) => {
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(reviews)
          .orderBy(desc(reviews.createdAt), asc(reviews.id))
          .limit(request.query.limit)
          .offset(request.query.offset),
        db.select({ total: count() }).from(reviews),
      ]);
      reply.header(TOTAL_COUNT_HEADER, totals[0]?.total ?? 0);
      return rows.map((row) => ({ _id: row.id, review: row.review, name: row.name, image: row.image }));
    },
  );
};
