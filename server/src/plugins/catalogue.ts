import type { FastifyInstance } from "fastify";
import type { CatalogueCache } from "../cache/catalogue-cache";
import { decodeChange, encodeChange, type CatalogueChange } from "../cache/catalogue-cache";
import { createLocalFeed, createPostgresFeed } from "../cache/change-feed";
import type { Database } from "../db/client";
import { CatalogueIndex } from "../products/catalogue-index";
import { SaleBoundaries, type SaleTimer } from "../cache/sale-boundaries";

/**
 * The catalogue's memory: the answer cache (made before the server: it answers hits before
 * Fastify routes them), the search index, and the change feed that drops both on every instance
 * (LISTEN/NOTIFY on PostgreSQL). Decorates `catalogueCache`, `catalogueIndex` and `catalogueChanged`;
 * the cache's own hooks are registered by the app, after observability's.
 */
export function registerCatalogue(
  app: FastifyInstance,
  database: Database,
  catalogueCache: CatalogueCache,
  sales: { clock: () => number; setSaleTimer?: SaleTimer | undefined },
) {
  const catalogueIndex = new CatalogueIndex(database.db, {
    onBuildError: (error) => app.log.warn({ err: error }, "catalogue index build failed"),
    now: sales.clock,
  });
  // A sale starting or ending changes prices and the "on sale" lists on every instance at once.
  const saleBoundaries = new SaleBoundaries(
    database.db,
    () => {
      catalogueCache.invalidate();
      catalogueIndex.invalidate();
    },
    {
      now: sales.clock,
      setTimer: sales.setSaleTimer,
      onError: (error) => app.log.warn({ err: error }, "sale boundary lookup failed"),
    },
  );
  const onCatalogueChange = (payload: string) => {
    const change = decodeChange(payload);
    catalogueCache.invalidate(change);
    catalogueIndex.invalidate(change);
    // Stock changes move no sale.
    if (change === "everything") void saleBoundaries.reschedule();
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
  app.decorate("saleBoundaries", saleBoundaries);
  app.addHook("onReady", () => changeFeed.firstAttempt);
  app.addHook("onReady", () => saleBoundaries.reschedule());
  app.addHook("onClose", () => saleBoundaries.close());
  app.addHook("onClose", () => changeFeed.close());
  app.addHook("onClose", () => catalogueIndex.close());
}
