import {
  categorySchema,
  productFacetsSchema,
  productSchema,
  TOTAL_COUNT_HEADER,
  type Category,
} from "@shop/contract/catalogue";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../http/problem";
import { catalogueQueryOfList, dependsOnSales, productListQuery, type ProductListQuery } from "./filters";
import { productDetailSchema } from "@shop/contract/variants";
import { bestSellers } from "./best-sellers";
import { findProductDetail, listProducts, productFacets, SEARCH_WAITS_FOR_INDEX_MS } from "./service";

const FILTERS_SUMMARY =
  "; `sort` (newest, price-asc, price-desc, best-selling, rating, saving), `minPrice` (inclusive), `maxPrice` (exclusive), `inStock` and `onSale` filter; prices are a running sale's";

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

  /** A list's page, its total in X-Total-Count: /products and the category routes alike. */
  const answerList = async (
    request: FastifyRequest<{ Querystring: ProductListQuery }>,
    reply: FastifyReply,
  ) => {
    const filter = catalogueQueryOfList(request.query, app.clock());
    if (filter.q) await catalogueIndex.readyWithin(SEARCH_WAITS_FOR_INDEX_MS);
    // The database's search is the stand-in while the index builds: not kept.
    request.catalogueProvisional = Boolean(filter.q) && !catalogueIndex.isReady;
    const { items, total } = await listProducts(db, filter, catalogueIndex);
    reply.header(TOTAL_COUNT_HEADER, total);
    // An answer that stock, ratings or sales decide is dropped on every change (see the cache).
    if (!dependsOnSales(filter)) request.catalogueProductIds = items.map((product) => product._id);
    return items;
  };

  app.get(
    "/products",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: `All products, newest first; \`q\` searches names case-insensitively${FILTERS_SUMMARY}`,
        querystring: productListQuery(categorySchema.optional()),
        response: { 200: z.array(productSchema) },
      },
    },
    answerList,
  );

  app.get(
    "/products/facets",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "How many products each category, price range, in-stock and on-sale choice would leave",
        querystring: productListQuery(categorySchema.optional()),
        response: { 200: productFacetsSchema },
      },
    },
    // Facets count in-stock products: the cached answer is dropped on every change.
    async (request) => {
      const { q } = request.query;
      if (q) await catalogueIndex.readyWithin(SEARCH_WAITS_FOR_INDEX_MS);
      request.catalogueProvisional = Boolean(q) && !catalogueIndex.isReady;
      return productFacets(db, catalogueQueryOfList(request.query, app.clock()), catalogueIndex);
    },
  );

  for (const [path, defaultCategory] of CATEGORY_ROUTES) {
    app.get(
      path,
      {
        config: { catalogueCache: true },
        schema: {
          tags: ["catalogue"],
          summary: `Products of one category (default ${defaultCategory})${FILTERS_SUMMARY}`,
          querystring: productListQuery(categorySchema.default(defaultCategory)),
          response: { 200: z.array(productSchema) },
        },
      },
      answerList,
    );
  }

  app.get(
    "/productdetail/:productId",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "One product, with its options, variants and gallery",
        params: z.object({ productId: z.uuid() }),
        response: { 200: productDetailSchema },
      },
    },
    async (request) => {
      const product = await findProductDetail(db, request.params.productId, app.clock(), {
        for: "shoppers",
      });
      if (!product) throw notFound("No product has this id.");
      request.catalogueProductIds = [product._id];
      return product;
    },
  );

  app.get(
    "/products/best-sellers",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "Most units sold in paid orders, then the newest products",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(24).default(8) }),
        response: { 200: z.array(productSchema) },
      },
    },
    async (request) => bestSellers(db, request.query.limit, app.clock()),
  );
};
