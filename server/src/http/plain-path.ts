import type { FastifyInstance } from "fastify";
import { badRequest, sendProblem } from "./problem";

/** Characters after which a path may mean something other than it says. */
const NEEDS_A_CLOSER_LOOK = /[%\\#]|\/\.|\/\//;
/** Encoded separators: a router that decodes them would see other segments than we do. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/**
 * True when the request target is an origin-form path that a URL parser leaves as it is: no `.`
 * or `..` segments (plain or percent-encoded), no backslash, `#`, empty segment or encoded slash.
 * Such a path means the same to our router, our guards and any library we hand the request to.
 */
export function isPlainPath(target: string): boolean {
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (path.charCodeAt(0) !== 47 /* "/" */) return false; // absolute-form or asterisk-form
  if (!NEEDS_A_CLOSER_LOOK.test(path)) return true;
  if (path.includes("//") || ENCODED_SEPARATOR.test(path)) return false;
  try {
    return new URL(path, "http://shop.invalid").pathname === path;
  } catch {
    return false;
  }
}

/**
 * One spelling per path (issue 15): a request whose target is not plain is refused before any
 * route, guard or library sees it, so nothing downstream can normalise it into something the
 * guards did not check.
 */
export function registerPlainPathCheck(app: FastifyInstance) {
  // Callback hooks here and in the other hooks every request passes: a promise each costs more
  // than the check (docs/decisions/018-cart-paths-profiled.md).
  app.addHook("onRequest", (request, reply, done) => {
    if (isPlainPath(request.raw.url ?? "")) return done();
    void sendProblem(
      reply,
      badRequest(
        "The request path is not in its plain form (no '.' or '..' segments, empty segments, backslashes, '#' or encoded slashes).",
      ),
    );
  });
}
