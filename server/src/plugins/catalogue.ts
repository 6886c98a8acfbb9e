import type { FastifyInstance } from "fastify";
import type { CatalogueCache } from "../cache/catalogue-cache";
import { decodeChange, encodeChange, type CatalogueChange } from "../cache/catalogue-cache";
import { createLocalFeed, createPostgresFeed } from "../cache/change-feed";
import type { Database } from "../db/client";
import { CatalogueIndex } from "../products/catalogue-index";

/**
 * The catalogue's memory: the answer cache (made before the server: it answers hits before
 * Fastify routes them), the search index, and the change feed that drops both on every instance
 * (LISTEN/NOTIFY on PostgreSQL). Decorates `catalogueCache`, `catalogueIndex` and `catalogueChanged`;
 * the cache's own hooks are registered by the app, after observability's.
 */
export function registerCatalogue(app: FastifyInstance, database: Database, catalogueCache: CatalogueCache) {
  const catalogueIndex = new CatalogueIndex(database.db, {
    onBuildError: (error) => app.log.warn({ err: error }, "catalogue index build failed"),
  });
  const onCatalogueChange = (payload: string) => {
    const change = decodeChange(payload);
    catalogueCache.invalidate(change);
    catalogueIndex.invalidate(change);
  };
  const changeFeed = database.url
    ? createPostgresFeed(database.url, onCatalogueChange, (error) =>
        app.log.warn({ err: error }, "catalogue change feed"),
      )
    : createLocalFeed(onCatalogueChange);
  app.decorate("catalogueCache", catalogueCache);
  app.decorate("catalogueIndex", catalogueIndex);
  app.decorate("catalogueChanged", (change: CatalogueChange = "everything") =>
    changeFeed.publish(encodeChange(change)),
  );
  app.addHook("onReady", () => changeFeed.firstAttempt);
  app.addHook("onClose", () => changeFeed.close());
  app.addHook("onClose", () => catalogueIndex.close());
}
