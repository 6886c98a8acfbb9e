import type { FastifyInstance } from "fastify";

/**
 * Personal answers must not be kept by a browser's or a proxy's cache (issue 15): every API answer
 * that did not choose its own caching is `no-store`. The public catalogue's answers carry an ETag
 * (cache/catalogue-cache.ts) and stay revalidatable.
 */
export function registerNoStoreForPersonalAnswers(app: FastifyInstance) {
  // A callback hook: every answer passes here, and a promise each cost more than the check.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!reply.hasHeader("cache-control") && !reply.hasHeader("etag")) {
      const url = request.raw.url ?? "";
      if (url.startsWith("/api/") || url === "/api") reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}
