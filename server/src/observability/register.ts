import type { FastifyInstance } from "fastify";
import { registerMetrics } from "./metrics";
import { registerRequestContext } from "./request-context";
import { registerSlowQueryLog } from "./slow-queries";

/** Request ids, metrics and the slow-query log; before other hooks, so every answer has its id. */
export function registerObservability(app: FastifyInstance) {
  registerRequestContext(app);
  registerMetrics(app);
  registerSlowQueryLog(app);
}
