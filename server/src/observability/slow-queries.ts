import type { FastifyInstance } from "fastify";
import { requestContext } from "./request-context";

const MAX_LOGGED_SQL = 500;

/**
 * Logs every database statement slower than SLOW_QUERY_MS with its duration, on the log of the
 * request that ran it (so with its request id) when there is one.
 */
export function registerSlowQueryLog(app: FastifyInstance) {
  const threshold = app.config.slowQueryMs;
  const stop = app.database.onQuery(({ text, durationMs, failed }) => {
    if (durationMs < threshold) return;
    const log = requestContext.getStore()?.request.log ?? app.log;
    log.warn(
      { durationMs: Math.round(durationMs), sql: text.slice(0, MAX_LOGGED_SQL), failed },
      `slow query: ${Math.round(durationMs)} ms`,
    );
  });
  app.addHook("onClose", async () => {
    stop();
  });
}
