import {
  categorySchema,
  listQuerySchema,
  productSchema,
  TOTAL_COUNT_HEADER,
  type Category,
} from "@shop/contract/catalog";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../http/problem";
import { findProduct, listProducts } from "./service";

/** SPEC's category calls: `/womans/?catagory=womans` and so on. The path names the default. */
const CATEGORY_ROUTES: ReadonlyArray<readonly [path: string, category: Category]> = [
  ["/womans", "womans"],
  ["/mans", "mans"],
  ["/shoes", "shoes"],
  ["/gadget", "gadgets"],
];

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { catalogueIndex } = app;

  app.get(
    "/products",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "All products, newest first; `q` searches names case-insensitively",
        querystring: listQuerySchema.extend({ catagory: categorySchema.optional() }),
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const { catagory, ...query } = request.query;
      const { items, total } = await listProducts(db, { ...query, category: catagory }, catalogueIndex);
      reply.header(TOTAL_COUNT_HEADER, total);
      request.catalogueProductIds = items.map((product) => product._id);
      return items;
    },
  );

  for (const [path, defaultCategory] of CATEGORY_ROUTES) {
    app.get(
      path,
      {
        config: { catalogueCache: true },
        schema: {
          tags: ["catalogue"],
          summary: `Products of one category (default ${defaultCategory})`,
          querystring: listQuerySchema.extend({ catagory: categorySchema.default(defaultCategory) }),
          response: { 200: z.array(productSchema) },
        },
      },
      async (request, reply) => {
        const { catagory, ...query } = request.query;
        const { items, total } = await listProducts(db, { ...query, category: catagory }, catalogueIndex);
        reply.header(TOTAL_COUNT_HEADER, total);
        request.catalogueProductIds = items.map((product) => product._id);
        return items;
      },
    );
  }

  app.get(
    "/productdetail/:productId",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "One product",
        params: z.object({ productId: z.uuid() }),
        response: { 200: productSchema },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.params.productId);
      if (!product) throw notFound("No product has this id.");
      request.catalogueProductIds = [product._id];
      return product;
    },
  );
};
