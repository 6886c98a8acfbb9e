import type { FastifyInstance } from "fastify";
import { HttpProblem, sendProblem } from "./problem";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * RFC 8058's one-click unsubscribe is a POST from the mail provider, from wherever it runs: the
 * token in the path is the whole authority, and all it can do is leave a list.
 */
const ONE_CLICK_UNSUBSCRIBE = "/api/newsletter/unsubscribe/";

/**
 * CSRF defence beside SameSite=Lax cookies: a browser names the page's origin on cross-site
 * writes, and only our own origin may change anything.
 */
export function registerSameOriginCheck(app: FastifyInstance, baseUrl: string) {
  const ownOrigin = new URL(baseUrl).origin;
  app.addHook("onRequest", (request, reply, done) => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined || origin === ownOrigin) return done();
    if (request.url.startsWith(ONE_CLICK_UNSUBSCRIBE)) return done();
    void sendProblem(
      reply,
      new HttpProblem(403, "Forbidden", "Cross-origin requests may not change anything."),
    );
  });
}
