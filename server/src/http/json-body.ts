import type { FastifyInstance } from "fastify";
import { badRequest } from "./problem";

/** Deeper than any body the shop takes; deep enough nesting overflows the stack of recursive code. */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing it. */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \ */) index++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) {
      inString = true;
    } else if (char === 91 /* [ */ || char === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === 93 /* ] */ || char === 125 /* } */) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Fastify's JSON parser (prototype-poisoning checks included) behind a nesting limit: JSON nested
 * thousands of levels deep parses, but code that walks it recursively (a library's validation,
 * JSON.stringify on the way to Better Auth) overflows the stack — a 500 where a 400 belongs.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(badRequest(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`), undefined);
      return;
    }
    // The default JSON parser answers through `done`, synchronously.
    void parse(request, text, done);
  });
}
