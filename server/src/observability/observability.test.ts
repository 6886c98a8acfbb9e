import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import type { Database } from "../db/client";
import { mails } from "../db/schema";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { testConfig } from "../../test/support/test-app";
import { openTestDatabase } from "../../test/support/test-database";

const METRICS_TOKEN = "scraper-token-0123456789";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let database: Database;
let app: App;
let admin: TestAccount;
let shopper: TestAccount;
const logLines: Record<string, unknown>[] = [];
let slowAnswerStarted = () => {};

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    config: testConfig({ adminEmails: ["ops@shop.test"], metricsToken: METRICS_TOKEN, slowQueryMs: 40 }),
    database,
    authSecret: "test-secret-that-is-long-enough-0123456789",
    logger: { level: "info", stream },
  });
  // A route that runs one slow statement, as a heavy report would.
  app.get("/test/slow-statement", async () => {
    await app.database.db.execute(sql`select pg_sleep(0.06)`);
    return { done: true };
  });
  // A route that takes its time without holding the event loop (unlike the embedded database).
  app.get("/test/slow-answer", async () => {
    slowAnswerStarted();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { done: true };
  });
  await app.ready();
  admin = await registerAccount(app, "ops@shop.test");
  shopper = await registerAccount(app);
  await insertProduct(database.db);
  await app.catalogueChanged();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("request ids", () => {
  it("are sent back on every answer, a new UUID each, and carried by every log line of the request", async () => {
    const answers = await Promise.all([
      app.inject("/api/health"),
      app.inject("/api/products?limit=1"),
      app.inject("/no/such/page.txt"),
    ]);
    const ids = answers.map((answer) => String(answer.headers["x-request-id"]));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);

    // One line per answered request, naming both the request and its answer (a slow statement
    // on a loaded machine may add a line of its own).
    const linesOfHealth = logLines.filter((line) => line.requestId === ids[0]);
    expect(linesOfHealth.map((line) => line.msg)).not.toContain("incoming request");
    expect(linesOfHealth.filter((line) => line.msg === "request completed")).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", url: "/api/health" }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    // Every line a request logs names its request.
    for (const line of logLines.filter((entry) => "req" in entry || "res" in entry)) {
      expect(line.requestId).toEqual(expect.any(String));
    }
  });

  it("log a request the client gave up on, which is never completed", async () => {
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const started = new Promise<void>((resolve) => (slowAnswerStarted = resolve));
    const request = http.get(`${address}/test/slow-answer?abandoned=1`);
    request.on("error", () => {});
    // Gone while the answer (200 ms) is on its way.
    await started;
    request.destroy();
    await expect
      .poll(() => logLines.filter((line) => line.msg === "request aborted"))
      .toEqual([
        expect.objectContaining({
          req: expect.objectContaining({ method: "GET", url: "/test/slow-answer?abandoned=1" }),
          requestId: expect.any(String),
        }),
      ]);
  });

  it("ignores an id the client offers while the proxy is not trusted", async () => {
    const answer = await app.inject({ url: "/api/health", headers: { "x-request-id": "forged-by-client" } });
    expect(answer.headers["x-request-id"]).toMatch(UUID);
  });
});

describe("request ids behind a trusted proxy", () => {
  it.each([
    { trust: "true", trustProxy: true, offered: "nginx-4f2a9c", answered: "nginx-4f2a9c" },
    {
      trust: "the proxy's address",
      trustProxy: ["127.0.0.1"],
      offered: "nginx-4f2a9c",
      answered: "nginx-4f2a9c",
    },
    { trust: "another address", trustProxy: ["10.0.0.7"], offered: "nginx-4f2a9c", answered: UUID },
    { trust: "true", trustProxy: true, offered: "a b\u0007c", answered: UUID },
  ])(
    "TRUST_PROXY $trust: X-Request-Id $offered is answered as $answered",
    async ({ trustProxy, offered, answered }) => {
      const proxied = await buildApp({
        config: testConfig({ trustProxy }),
        database,
        authSecret: "test-secret-that-is-long-enough-0123456789",
      });
      try {
        // inject() comes from 127.0.0.1, as nginx on the same machine would.
        const answer = await proxied.inject({ url: "/api/health", headers: { "x-request-id": offered } });
        const id = String(answer.headers["x-request-id"]);
        if (typeof answered === "string") expect(id).toBe(answered);
        else expect(id).toMatch(answered);
      } finally {
        await proxied.close();
      }
    },
  );
});

describe("the slow-query log", () => {
  it("logs a statement slower than SLOW_QUERY_MS with its duration and the request's id", async () => {
    const answer = await app.inject("/test/slow-statement");
    expect(answer.statusCode).toBe(200);
    const slow = logLines.find(
      (line) =>
        line.requestId === answer.headers["x-request-id"] && String(line.msg).startsWith("slow query"),
    );
    expect(slow).toMatchObject({ level: 40, sql: "select pg_sleep(0.06)", failed: false });
    expect(slow?.durationMs).toBeGreaterThanOrEqual(55);
    // Faster statements are not logged.
    for (const line of logLines.filter((entry) => String(entry.msg).startsWith("slow query"))) {
      expect(line.durationMs).toBeGreaterThanOrEqual(40);
    }
  });
});

/** One sample's value from Prometheus' text format; 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe("GET /api/metrics", () => {
  const scrape = async () => {
    const answer = await app.inject({
      url: "/api/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };

  it("is for admins and for the scraper's METRICS_TOKEN only", async () => {
    const as = (headers: Record<string, string>) => app.inject({ url: "/api/metrics", headers });
    expect((await as({})).statusCode).toBe(401);
    expect((await as({ authorization: "Bearer wrong-token-0123456789" })).statusCode).toBe(401);
    expect((await as(shopper.headers)).statusCode).toBe(403);
    const forAdmin = await as(admin.headers);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await as({ authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);
  });

  it("counts requests by route and status, their latency, cache hits and misses, and statements", async () => {
    const list = { method: "GET", route: "/api/products", status_code: "200" };
    const before = await scrape();
    for (let i = 0; i < 4; i++) expect((await app.inject("/api/products?limit=7")).statusCode).toBe(200);
    expect((await app.inject(`/api/productdetail/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: "PUT", url: `/api/cart/${crypto.randomUUID()}`, payload: {} })).statusCode,
    ).toBe(401);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved("shop_http_requests_total", list)).toBe(4);
    expect(moved("shop_http_request_duration_seconds_count", list)).toBe(4);
    expect(moved("shop_http_request_duration_seconds_bucket", { ...list, le: "+Inf" })).toBe(4);
    expect(
      moved("shop_http_requests_total", { route: "/api/productdetail/:productId", status_code: "404" }),
    ).toBe(1);
    expect(moved("shop_http_requests_total", { method: "PUT", status_code: "401" })).toBe(1);
    // The first two reads of a new URL compute its answer (the second is kept) and the next two
    // come from the cache; the unknown product is computed too (a 404 is never cached).
    expect(moved("shop_catalogue_cache_requests_total", { result: "miss" })).toBe(3);
    expect(moved("shop_catalogue_cache_requests_total", { result: "hit" })).toBe(2);
    expect(sample(after, "shop_catalogue_cache_hit_ratio")).toBeGreaterThan(0);
    expect(sample(after, "shop_catalogue_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(moved("shop_db_query_duration_seconds_count", { outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (database.kind === "postgres") {
      expect(sample(after, "shop_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    }
  });

  it("counts N cached answers written before Fastify as N requests of their route, with their latency and an id each", async () => {
    const address = app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
      : await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `${address}/api/products?limit=3&sort=newest`;
    // Two misses: the second is kept (decision 026); from then on the cache answers before Fastify.
    for (let i = 0; i < 2; i++) expect((await fetch(url)).headers.get("x-cache")).toBeNull();
    const list = { method: "GET", route: "/api/products", status_code: "200" };
    const before = await scrape();
    const N = 10;
    const ids: string[] = [];
    let etag = "";
    for (let i = 0; i < N; i++) {
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-cache")).toBe("hit");
      ids.push(String(answer.headers.get("x-request-id")));
      etag = String(answer.headers.get("etag"));
      await answer.arrayBuffer();
    }
    const notModified = await fetch(url, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("x-request-id")).toMatch(UUID);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved("shop_http_requests_total", list)).toBe(N);
    expect(moved("shop_http_request_duration_seconds_count", list)).toBe(N);
    expect(moved("shop_http_request_duration_seconds_bucket", { ...list, le: "+Inf" })).toBe(N);
    // A hit is written in well under a second: every one lands in a finite bucket.
    expect(moved("shop_http_request_duration_seconds_bucket", { ...list, le: "1" })).toBe(N);
    expect(moved("shop_http_request_duration_seconds_sum", list)).toBeGreaterThan(0);
    expect(moved("shop_http_requests_total", { ...list, status_code: "304" })).toBe(1);
    expect(moved("shop_catalogue_cache_requests_total", { result: "hit" })).toBe(N + 1);
    // Each hit has an id of its own; hits are not logged (README, deploy/README.md).
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(N);
    // Counted once: a later scrape does not add them again.
    const again = await scrape();
    expect(sample(again, "shop_http_requests_total", list)).toBe(
      sample(after, "shop_http_requests_total", list),
    );
  });

  it("shows the mail outbox's backlog: a mail waiting for its retry counts until it is sent", async () => {
    await database.db.insert(mails).values({
      kind: "verify-email",
      recipient: "waiting@shop.test",
      subject: "Confirm your e-mail address",
      data: {},
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(Date.now() - 90_000),
    });
    const scraped = await scrape();
    expect(sample(scraped, "shop_mail_outbox_pending")).toBeGreaterThanOrEqual(1);
    expect(sample(scraped, "shop_mail_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(89);
  });
});
