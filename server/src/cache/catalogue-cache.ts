import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** A safety net: even a lost change notification cannot keep an entry longer than this. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  body: string;
  etag: string;
  headers: Record<string, string>;
  expiresAt: number;
}

/** Headers of a catalogue answer worth replaying from the cache. */
const REPLAYED_HEADERS = ["content-type", "x-total-count"];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Public catalogue reads: answered from memory until the catalogue changes. */
    catalogueCache?: boolean;
  }
  interface FastifyRequest {
    catalogueGeneration?: number;
  }
}

export const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

function notModified(request: FastifyRequest, etag: string) {
  const header = request.headers["if-none-match"];
  return typeof header === "string" && header.split(",").some((candidate) => candidate.trim() === etag);
}

/**
 * Keeps the serialised answers of public catalogue reads in memory. Any change to products
 * (admin edits, stock taken by orders) calls invalidate(); entries computed before a change are
 * never stored after it (the generation check), so no stale answer outlives an edit.
 */
export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  invalidate() {
    this.generation += 1;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  register(app: FastifyInstance) {
    app.addHook("onRequest", async (request, reply) => {
      if (!request.routeOptions.config.catalogueCache || request.method !== "GET") return;
      request.catalogueGeneration = this.generation;
      const entry = this.entries.get(request.url);
      if (!entry) return;
      if (entry.expiresAt <= this.now()) {
        this.entries.delete(request.url);
        return;
      }
      reply.headers(entry.headers).header("etag", entry.etag).header("x-cache", "hit");
      if (notModified(request, entry.etag)) return reply.code(304).send();
      return reply.code(200).send(entry.body);
    });

    app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.catalogueGeneration === undefined || reply.getHeader("x-cache") === "hit") return payload;
      if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
      const etag = etagOf(payload);
      reply.header("etag", etag);
      if (request.catalogueGeneration === this.generation) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        this.entries.set(request.url, { body: payload, etag, headers, expiresAt: this.now() + ENTRY_TTL_MS });
      }
      if (notModified(request, etag)) {
        reply.code(304);
        return "";
      }
      return payload;
    });
  }
}
