import {
  SUGGESTION_LIMIT,
  searchSuggestionsSchema,
  COLLECTION_SUGGESTION_LIMIT,
  suggestQuerySchema,
  synonymGroupBodySchema,
  synonymGroupSchema,
  type SearchSuggestions,
} from "@shop/contract/search";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { makeGuards } from "../auth/guards";
import { notFound } from "../http/problem";
import { catalogueQueryOf } from "../products/filters";
import { listProducts, productFacets, SEARCH_WAITS_FOR_INDEX_MS } from "../products/service";
import { listCollectionTitles } from "../collections/service";
import { queryMatcher } from "./highlight";
import { createSynonymGroup, deleteSynonymGroup, listSynonymGroups, updateSynonymGroup } from "./service";

const idParams = z.object({ id: z.uuid() });

/** Suggestions as the shopper types, and the owner's synonyms (decision 035). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { catalogueIndex } = app;
  const { requireAdmin } = makeGuards(app);

  /** The categories holding matches, from the database's facets while the index builds. */
  const categoriesFromDatabase = async (query: ReturnType<typeof catalogueQueryOf>) =>
    (await productFacets(db, query, undefined)).categories
      .filter((category) => category.count > 0)
      .sort((a, b) => b.count - a.count);

  app.get(
    "/products/suggest",
    {
      config: { catalogueCache: true },
      schema: {
        tags: ["catalogue"],
        summary: `Up to ${SUGGESTION_LIMIT} best matches for \`q\` with the matched parts of their names, the collections and categories holding matches, and "did you mean" when nothing matches`,
        querystring: suggestQuerySchema,
        response: { 200: searchSuggestionsSchema },
      },
    },
    async (request): Promise<SearchSuggestions> => {
      const { q } = request.query;
      const query = catalogueQueryOf({ q, limit: SUGGESTION_LIMIT, offset: 0 });
      await catalogueIndex.readyWithin(SEARCH_WAITS_FOR_INDEX_MS);
      // The database's search is the stand-in while the index builds: not kept.
      request.catalogueProvisional = !catalogueIndex.isReady;
      const { items, total } = await listProducts(db, query, catalogueIndex);
      const matcher = queryMatcher(q, catalogueIndex.synonyms);
      const titles = await catalogueIndex.rememberedUntilChange("collection-titles", () =>
        listCollectionTitles(db),
      );
      const collections = titles
        .filter((collection) => matcher.matchesEveryWord(collection.title))
        .slice(0, COLLECTION_SUGGESTION_LIMIT)
        .map(({ slug, title }) => ({ slug, title, highlights: matcher.highlights(title) }));
      return {
        q,
        total,
        products: items.map((product) => ({
          _id: product._id,
          productname: product.productname,
          price: product.price,
          priceMax: product.priceMax,
          image: product.image,
          catagory: product.catagory,
          highlights: matcher.highlights(product.productname),
        })),
        collections,
        categories: catalogueIndex.categoryCounts(query.q ?? "") ?? (await categoriesFromDatabase(query)),
        didYouMean: total === 0 ? (catalogueIndex.didYouMean(q) ?? null) : null,
      };
    },
  );

  app.get(
    "/admin/search-synonyms",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "The search synonyms: groups of terms that find each other",
        response: { 200: z.array(synonymGroupSchema) },
      },
    },
    async () => listSynonymGroups(db),
  );
  app.post(
    "/admin/search-synonyms",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Add a group of synonyms (every instance searches with it at once)",
        body: synonymGroupBodySchema,
        response: { 201: synonymGroupSchema },
      },
    },
    async (request, reply) => {
      const group = await createSynonymGroup(db, request.body);
      await app.catalogueChanged();
      return reply.code(201).send(group);
    },
  );
  app.put(
    "/admin/search-synonyms/:id",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change a group of synonyms",
        params: idParams,
        body: synonymGroupBodySchema,
        response: { 200: synonymGroupSchema },
      },
    },
    async (request) => {
      const group = await updateSynonymGroup(db, request.params.id, request.body);
      if (!group) throw notFound("No synonym group has this id.");
      await app.catalogueChanged();
      return group;
    },
  );
  app.delete(
    "/admin/search-synonyms/:id",
    {
      onRequest: requireAdmin,
      schema: { tags: ["admin"], summary: "Remove a group of synonyms", params: idParams },
    },
    async (request, reply) => {
      if (!(await deleteSynonymGroup(db, request.params.id))) throw notFound("No synonym group has this id.");
      await app.catalogueChanged();
      return reply.code(204).send();
    },
  );
};
