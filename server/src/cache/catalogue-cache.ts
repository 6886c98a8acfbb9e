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
  /** The products the answer shows; unset: it may show any (dropped on every change). */
  productIds?: ReadonlySet<string>;
}

/**
 * What changed: everything (an admin edit may add, rename or remove products anywhere), or only
 * the stock of some products (an order or a cancellation), which leaves answers that do not
 * show them as they were.
 */
export type CatalogueChange = { stockOf: readonly string[] } | "everything";

/** Changes remembered for requests that were running while they happened. */
const CHANGE_LOG_SIZE = 256;

/** Headers of a catalogue answer worth replaying from the cache. */
const REPLAYED_HEADERS = ["content-type", "x-total-count"];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Public catalogue reads: answered from memory until the catalogue changes. */
    catalogueCache?: boolean;
  }
  interface FastifyRequest {
    catalogueGeneration?: number;
    /** Set by a cached route: the products its answer shows (see Entry.productIds). */
    catalogueProductIds?: readonly string[];
  }
}

export const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

function notModified(request: FastifyRequest, etag: string) {
  const header = request.headers["if-none-match"];
  return typeof header === "string" && header.split(",").some((candidate) => candidate.trim() === etag);
}

/**
 * Keeps the serialised answers of public catalogue reads in memory. Every change to products
 * calls invalidate(): an admin edit drops everything, stock taken or returned by orders drops
 * the answers that show those products. An answer computed while a change happened is not
 * stored if the change touches it (the generation check), so no stale answer outlives an edit.
 */
export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  /** changes[i] moved the generation from firstLoggedGeneration + i to the next. */
  private changes: CatalogueChange[] = [];
  private firstLoggedGeneration = 0;

  constructor(private readonly now: () => number = Date.now) {}

  invalidate(change: CatalogueChange = "everything") {
    this.generation += 1;
    this.changes.push(change);
    if (this.changes.length > CHANGE_LOG_SIZE) {
      this.changes.shift();
      this.firstLoggedGeneration += 1;
    }
    if (change === "everything") {
      this.entries.clear();
      return;
    }
    for (const [url, entry] of this.entries) {
      if (touches(change, entry.productIds)) this.entries.delete(url);
    }
  }

  get size() {
    return this.entries.size;
  }

  /** Whether an answer computed at `generation` still holds now. */
  private isCurrent(generation: number, productIds: ReadonlySet<string> | undefined) {
    if (generation === this.generation) return true;
    if (generation < this.firstLoggedGeneration) return false;
    return this.changes
      .slice(generation - this.firstLoggedGeneration)
      .every((change) => !touches(change, productIds));
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
      const productIds = request.catalogueProductIds && new Set(request.catalogueProductIds);
      if (this.isCurrent(request.catalogueGeneration, productIds)) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        this.entries.set(request.url, {
          body: payload,
          etag,
          headers,
          expiresAt: this.now() + ENTRY_TTL_MS,
          ...(productIds ? { productIds } : {}),
        });
      }
      if (notModified(request, etag)) {
        reply.code(304);
        return "";
      }
      return payload;
    });
  }
}

function touches(change: CatalogueChange, productIds: ReadonlySet<string> | undefined) {
  return change === "everything" || !productIds || change.stockOf.some((id) => productIds.has(id));
}

/** The change as a NOTIFY payload (at most 8,000 bytes) and back. */
export function encodeChange(change: CatalogueChange): string {
  const encoded = change === "everything" ? "" : change.stockOf.join(",");
  return encoded.length > 7_000 ? "" : encoded;
}

export function decodeChange(payload: string | undefined): CatalogueChange {
  return payload ? { stockOf: payload.split(",") } : "everything";
}
