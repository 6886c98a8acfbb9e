import { productFacetsSchema, productSchema, categorySchema } from "@shop/contract/catalogue";
import { adminProductSchema } from "@shop/contract/admin";
import {
  collectionBodySchema,
  collectionIdParamsSchema,
  collectionProductsBodySchema,
  collectionSchema,
  collectionSlugParamsSchema,
  homeLinksSchema,
  publicCollectionSchema,
} from "@shop/contract/collections";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnlyRoutes, currentUser } from "../auth/guards";
import { notFound } from "../http/problem";
import { pageReply } from "../http/page-reply";
import { catalogueQueryOfList, productListQuery } from "../products/filters";
import { getHomeLinks, setHomeLinks } from "./home-links";
import { listProducts, productFacets } from "../products/service";
import {
  collectionQueryOf,
  createCollection,
  deleteCollection,
  findCollectionBySlug,
  listCollectionPicks,
  listCollections,
  setCollectionProducts,
  toPublicCollection,
  updateCollection,
} from "./service";

/** A collection page's product query: the catalogue's own (paging, `q`, category, filters, order). */
const collectionListQuery = productListQuery(categorySchema.optional());

/**
 * Collections (decision 048). Shoppers read a collection and its products (cached; every write
 * in collectionAdminRoutes drops the cache on every instance).
 */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { catalogueIndex } = app;

  const collectionOr404 = async (slug: string) => {
    const row = await findCollectionBySlug(db, slug);
    if (!row) throw notFound("No collection has this address.");
    return row;
  };

  app.get(
    "/collections/:slug",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "A collection's title, description and image",
        params: collectionSlugParamsSchema,
        response: { 200: publicCollectionSchema },
      },
    },
    async (request) => toPublicCollection(await collectionOr404(request.params.slug)),
  );

  app.get(
    "/collections/:slug/products",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary:
          "A collection's products with the catalogue's query (`q`, `catagory`, filters, `sort`, `limit`, `offset`); the total in X-Total-Count",
        params: collectionSlugParamsSchema,
        querystring: collectionListQuery,
        response: { 200: z.array(productSchema) },
      },
    },
    async (request, reply) => {
      const row = await collectionOr404(request.params.slug);
      const shopper = catalogueQueryOfList(request.query, app.clock());
      const filter = await collectionQueryOf(db, row, shopper, catalogueIndex);
      return pageReply(reply, await listProducts(db, filter, catalogueIndex));
    },
  );

  app.get(
    "/collections/:slug/products/facets",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: "How many of a collection's products each filter choice would leave",
        params: collectionSlugParamsSchema,
        querystring: collectionListQuery,
        response: { 200: productFacetsSchema },
      },
    },
    async (request) => {
      const row = await collectionOr404(request.params.slug);
      const shopper = catalogueQueryOfList(request.query, app.clock());
      return productFacets(db, await collectionQueryOf(db, row, shopper, catalogueIndex), catalogueIndex);
    },
  );

  app.get(
    "/home-links",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary:
          "The collections the home page's slides and category tiles lead to (null: the page as built)",
        response: { 200: homeLinksSchema },
      },
    },
    async () => getHomeLinks(db),
  );
};

/** The owner's side of collections: 401 signed out, 403 for a shopper. */
export const collectionAdminRoutes = adminOnlyRoutes(async (admin, db) => {
  const app = admin;

  admin.get(
    "/admin/collections",
    {
      schema: {
        tags: ["admin"],
        summary: "Every collection, by title",
        response: { 200: z.array(collectionSchema) },
      },
    },
    async () => listCollections(db),
  );

  admin.post(
    "/admin/collections",
    {
      schema: {
        tags: ["admin"],
        summary: "Create a collection (409 when its slug is taken)",
        body: collectionBodySchema,
        response: { 201: collectionSchema },
      },
    },
    async (request, reply) => {
      const collection = await createCollection(db, currentUser(request), request.body);
      await app.catalogueChanged();
      return reply.code(201).send(collection);
    },
  );

  admin.put(
    "/admin/collections/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Replace a collection's fields (409 when its slug is taken)",
        params: collectionIdParamsSchema,
        body: collectionBodySchema,
        response: { 200: collectionSchema },
      },
    },
    async (request) => {
      const collection = await updateCollection(db, currentUser(request), request.params.id, request.body);
      await app.catalogueChanged();
      return collection;
    },
  );

  admin.delete(
    "/admin/collections/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Delete a collection",
        params: collectionIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteCollection(db, currentUser(request), request.params.id);
      await app.catalogueChanged();
      return reply.code(204).send();
    },
  );

  admin.get(
    "/admin/home-links",
    {
      schema: {
        tags: ["admin"],
        summary: "Where the home page's slides and category tiles lead",
        response: { 200: homeLinksSchema },
      },
    },
    async () => getHomeLinks(db),
  );

  admin.put(
    "/admin/home-links",
    {
      schema: {
        tags: ["admin"],
        summary: "Point the home page's slides and category tiles at collections (422: no such collection)",
        body: homeLinksSchema,
        response: { 200: homeLinksSchema },
      },
    },
    async (request) => {
      const links = await setHomeLinks(db, request.body);
      await app.catalogueChanged();
      return links;
    },
  );

  admin.get(
    "/admin/collections/:id/products",
    {
      schema: {
        tags: ["admin"],
        summary: "A manual collection's picked products in its order, whatever their status",
        params: collectionIdParamsSchema,
        response: { 200: z.array(adminProductSchema) },
      },
    },
    async (request) => listCollectionPicks(db, request.params.id, app.clock()),
  );

  admin.put(
    "/admin/collections/:id/products",
    {
      schema: {
        tags: ["admin"],
        summary: "Set a manual collection's products, in this order (409 for a rule collection)",
        params: collectionIdParamsSchema,
        body: collectionProductsBodySchema,
        response: { 200: collectionSchema },
      },
    },
    async (request) => {
      const collection = await setCollectionProducts(
        db,
        currentUser(request),
        request.params.id,
        request.body.productIds,
      );
      await app.catalogueChanged();
      return collection;
    },
  );
});
