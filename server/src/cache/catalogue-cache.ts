import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SeenBefore } from "./seen-before";

/** A safety net: even a lost change notification cannot keep an entry longer than this. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;
/** Smaller bodies are sent as they are (the same threshold as @fastify/compress in app.ts). */
const COMPRESS_THRESHOLD_BYTES = 1024;

type Encoding = "br" | "gzip";

/** The bytes of one answer as sent: the header list (name, value, name, value …) and the body. */
interface Variant {
  head: string[];
  body: Buffer;
}

/**
 * Counts the answers the cache writes before Fastify sees the request (Fastify's own hooks count
 * the rest). One per route pattern, made when an entry is stored, so a hit only adds to numbers
 * it already holds: no label lookup and nothing allocated per request.
 */
export interface CachedAnswerMeter {
  answered(notModified: boolean, seconds: number): void;
}

const UNMETERED: CachedAnswerMeter = { answered() {} };

interface Entry {
  etag: string;
  meter: CachedAnswerMeter;
  expiresAt: number;
  /** The products the answer shows; unset: it may show any (dropped on every change). */
  productIds?: ReadonlySet<string>;
  /** The miss's body and headers as stored, until the first hit makes them into `bytes`. */
  miss?: { payload: string; headers: ReturnType<FastifyReply["getHeaders"]> } | undefined;
  bytes?: EntryBytes;
}

/** An entry as it is written: made when first hit, so an entry never hit costs no more than its miss. */
interface EntryBytes {
  /** The miss's headers, less those that belong to one response (PER_RESPONSE_HEADERS). */
  headers: string[];
  plain: Variant;
  /** Made on the first request that accepts them, then kept with the entry. */
  compressed: Partial<Record<Encoding, Variant>>;
  notModifiedHead: string[];
}

/**
 * What changed: everything (an admin edit may add, rename or remove products anywhere), or only
 * the stock of some products (an order or a cancellation), which leaves answers that do not
 * show them as they were.
 */
export type CatalogueChange = { stockOf: readonly string[] } | "everything";

/** Changes remembered for requests that were running while they happened. */
const CHANGE_LOG_SIZE = 256;

/**
 * Headers a stored answer does not replay: Node writes the connection and date headers itself,
 * the body's length and encoding are the variant's, and a request id (if any) is one request's.
 * Everything else the miss carried (security headers, type, total, cache control) is replayed.
 */
const PER_RESPONSE_HEADERS = new Set([
  "connection",
  "keep-alive",
  "date",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "etag",
  "x-cache",
  "x-request-id",
  "request-id",
]);
/** A 304 describes the stored answer without its body. */
const BODY_HEADERS = new Set(["content-type", "x-total-count"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** Public catalogue reads: answered from memory until the catalogue changes. */
    catalogueCache?: boolean;
  }
  interface FastifyRequest {
    catalogueGeneration?: number;
    /** Answered from the cache by the hook (see register). */
    catalogueHit?: boolean;
    /** Set by a cached route: the products its answer shows (see Entry.productIds). */
    catalogueProductIds?: readonly string[];
    /**
     * Set by a cached route whose answer is a stand-in (a search the database answered while the
     * index builds, less forgiving than the index's): sent, not stored.
     */
    catalogueProvisional?: boolean;
  }
}

export const etagOf = (body: string) => `W/"${createHash("sha1").update(body).digest("base64url")}"`;

function notModified(header: string | undefined, etag: string) {
  return typeof header === "string" && header.split(",").some((candidate) => candidate.trim() === etag);
}

/** br, else gzip, when the client accepts it (a `;q=0` refuses); undefined: send it plain. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let gzip = false;
  for (const part of acceptEncoding.split(",")) {
    const [token = "", ...parameters] = part.split(";");
    const name = token.trim().toLowerCase();
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(parameter));
    if (refused) continue;
    if (name === "br") return "br";
    if (name === "gzip" || name === "*") gzip = true;
  }
  return gzip ? "gzip" : undefined;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(body);
}

/**
 * Keeps the serialised answers of public catalogue reads in memory. Every change to products
 * calls invalidate(): an admin edit drops everything, stock taken or returned by orders drops
 * the answers that show those products. An answer computed while a change happened is not
 * stored if the change touches it (the generation check), so no stale answer outlives an edit.
 *
 * A hit is answered by serve() before Fastify sees the request (see app.ts, serverFactory): from
 * its first hit on, the entry holds the header list and the body (and compressed copies) exactly
 * as they are written, so a hit costs a map lookup and one write. A miss only keeps its body and
 * headers. The headers are the ones the miss carried, security headers included, so cached and
 * fresh answers look the same.
 *
 * An answer is kept from the second time its URL misses on (the first only marks the URL in
 * `admitSecondMiss`): most new URLs are never asked for again (a one-off search, a filter nobody
 * repeats, a crawler), and at thousands of them a second their entries lived just long enough
 * to reach V8's old generation, whose collections (20–25 ms) set the p99 of every uncached
 * answer (docs/decisions/026-cache-admission.md).
 */
export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  /** changes[i] moved the generation from firstLoggedGeneration + i to the next. */
  private changes: CatalogueChange[] = [];
  private firstLoggedGeneration = 0;
  private readonly hitListeners: (() => void)[] = [];
  private meterOf: (route: string) => CachedAnswerMeter = () => UNMETERED;
  /** Fastify's genReqId once observability sets it, so a hit's id follows the same rules. */
  private requestIdOf: (request: IncomingMessage) => string = () => randomUUID();
  constructor(
    private readonly now: () => number = Date.now,
    /**
     * Whether a miss's answer may be kept: by default from the URL's second miss on (see the
     * class comment). It is told of every miss.
     */
    private readonly admits: (url: string) => boolean = admitSecondMiss(),
  ) {}

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

  /** Called on every answer from the cache, before Fastify or in its hook (metrics). */
  onHit(listener: () => void) {
    this.hitListeners.push(listener);
  }

  /** Where hits answered before Fastify are counted (by route pattern); see CachedAnswerMeter. */
  measureWith(meterOf: (route: string) => CachedAnswerMeter) {
    this.meterOf = meterOf;
  }

  /** How a hit answered before Fastify gets its X-Request-Id (Fastify's genReqId). */
  identifyRequestsWith(requestIdOf: (request: IncomingMessage) => string) {
    this.requestIdOf = requestIdOf;
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

  private currentEntry(url: string | undefined): Entry | undefined {
    const entry = url === undefined ? undefined : this.entries.get(url);
    if (!entry || entry.expiresAt > this.now()) return entry;
    this.entries.delete(url!);
    return undefined;
  }

  /**
   * Answers a GET whose URL has a current entry, and says whether it did. `closing`: the server
   * is draining, so the answer also closes the connection.
   */
  serve(request: IncomingMessage, response: ServerResponse, closing = false): boolean {
    if (request.method !== "GET") return false;
    const startedAt = performance.now();
    const entry = this.currentEntry(request.url);
    if (!entry) return false;
    const wasNotModified = this.write(entry, request, response, closing, this.requestIdOf(request));
    entry.meter.answered(wasNotModified, (performance.now() - startedAt) / 1000);
    return true;
  }

  /** Writes the stored answer (a 304 when the client has it, which it returns). */
  private write(
    entry: Entry,
    request: IncomingMessage,
    response: ServerResponse,
    closing: boolean,
    requestId: string,
  ): boolean {
    for (const listener of this.hitListeners) listener();
    const closeHeader = closing ? ["connection", "close"] : [];
    const bytes = (entry.bytes ??= bytesOf(entry));
    entry.miss = undefined;
    if (notModified(request.headers["if-none-match"], entry.etag)) {
      response.writeHead(304, [...withRequestId(bytes.notModifiedHead, requestId), ...closeHeader]);
      response.end();
      return true;
    }
    const variant = this.variantFor(entry.etag, bytes, request.headers["accept-encoding"]);
    const head = withRequestId(variant.head, requestId);
    response.writeHead(200, closing ? [...head, ...closeHeader] : head);
    response.end(variant.body);
    return false;
  }

  private variantFor(etag: string, bytes: EntryBytes, acceptEncoding: string | undefined): Variant {
    if (bytes.plain.body.length < COMPRESS_THRESHOLD_BYTES) return bytes.plain;
    const encoding = preferredEncoding(acceptEncoding);
    if (!encoding) return bytes.plain;
    let variant = bytes.compressed[encoding];
    if (!variant) {
      const body = compress(bytes.plain.body, encoding);
      variant = { head: variantHead(etag, bytes.headers, body, encoding), body };
      bytes.compressed[encoding] = variant;
    }
    return variant;
  }

  register(app: FastifyInstance) {
    // The same answers for requests that reach Fastify anyway (app.inject, or a hit while the
    // server drains).
    app.addHook("onRequest", (request, reply, done) => {
      if (!request.routeOptions.config.catalogueCache || request.method !== "GET") return done();
      request.catalogueGeneration = this.generation;
      const entry = this.currentEntry(request.url);
      if (!entry) return done();
      request.catalogueHit = true;
      reply.hijack();
      this.write(entry, request.raw, reply.raw, app.draining, request.id);
    });

    app.addHook("onSend", (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
      done(null, this.storeAnswer(request, reply, payload));
    });
  }

  /** A miss's answer of a cached route, stored when it still holds (and turned into a 304 when the client has it). */
  private storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (request.catalogueGeneration === undefined) return payload;
    // Every answer of a cached route may come compressed from the cache.
    reply.header("vary", "accept-encoding");
    if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const etag = etagOf(payload);
    reply.header("etag", etag);
    if (!request.catalogueProvisional && this.admits(request.url) && !reply.hasHeader("set-cookie")) {
      const productIds = request.catalogueProductIds && new Set(request.catalogueProductIds);
      if (this.isCurrent(request.catalogueGeneration, productIds)) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(request.url, {
          etag,
          meter: this.meterOf(request.routeOptions.url ?? request.url),
          expiresAt: this.now() + ENTRY_TTL_MS,
          ...(productIds ? { productIds } : {}),
          miss: { payload, headers: reply.getHeaders() },
        });
      }
    }
    if (notModified(request.headers["if-none-match"], etag)) {
      reply.code(304);
      return "";
    }
    return payload;
  }
}

/** Admits a URL's answer from its second miss on, remembering misses in a SeenBefore. */
function admitSecondMiss(): (url: string) => boolean {
  const missedBefore = new SeenBefore();
  return (url) => missedBefore.markSeen(url);
}

function bytesOf(entry: Entry): EntryBytes {
  const { payload, headers: replyHeaders } = entry.miss!;
  const headers: string[] = [];
  const notModifiedHead: string[] = ["etag", entry.etag, "x-cache", "hit"];
  for (const [name, value] of Object.entries(replyHeaders)) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    for (const single of [value].flat()) {
      headers.push(name, String(single));
      if (!BODY_HEADERS.has(name)) notModifiedHead.push(name, String(single));
    }
  }
  notModifiedHead.push(...REQUEST_ID_SLOT);
  const body = Buffer.from(payload);
  return {
    headers,
    plain: { head: variantHead(entry.etag, headers, body), body },
    compressed: {},
    notModifiedHead,
  };
}

function variantHead(etag: string, headers: readonly string[], body: Buffer, encoding?: Encoding): string[] {
  return [
    ...headers,
    ...(encoding ? ["content-encoding", encoding] : []),
    "content-length",
    String(body.length),
    "etag",
    etag,
    "x-cache",
    "hit",
    ...REQUEST_ID_SLOT,
  ];
}

/**
 * Every stored head ends with the request id's name and a slot for its value, filled in just
 * before the head is written: writeHead copies the list at once, so one array serves every hit
 * without a copy per request.
 */
const REQUEST_ID_SLOT = ["x-request-id", ""] as const;

function withRequestId(head: string[], requestId: string): string[] {
  head[head.length - 1] = requestId;
  return head;
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
