import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { count, eq, min } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { CachedAnswerMeter } from "../cache/catalogue-cache";
import { mails } from "../db/schema";
import { makeGuards } from "../auth/guards";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's Prometheus metrics (GET /api/metrics). */
    metrics: Registry;
  }
}

const SECONDS_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Prometheus metrics of this instance: requests by route and status with their latency, the
 * database's statements and pool, the catalogue cache's hits and misses, and Node's own (memory,
 * event loop, GC). Each instance has its own; scrape each one (see deploy/README.md).
 */
export function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  app.decorate("metrics", registry);
  collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status_code"] as const;
  // Answers the catalogue cache writes before Fastify are tallied apart and added on each scrape.
  const cachedAnswers = new CachedAnswerTallies();
  const requests: Counter<(typeof labelNames)[number]> = new Counter({
    name: "shop_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames,
    registers: [registry],
    collect: (): void => cachedAnswers.flush(requests, latency),
  });
  const latency: Histogram<(typeof labelNames)[number]> = new Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Time from receiving a request to sending its answer, by route pattern",
    labelNames,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
    collect: (): void => cachedAnswers.flush(requests, latency),
  });
  const catalogueCache = new Counter({
    name: "shop_catalogue_cache_requests_total",
    help: "Public catalogue reads answered from the in-memory cache (hit) or computed (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  // Both series exist from the start, so a ratio over them is defined from the first scrape.
  catalogueCache.inc({ result: "hit" }, 0);
  catalogueCache.inc({ result: "miss" }, 0);
  new Gauge({
    name: "shop_catalogue_cache_hit_ratio",
    help: "Share of catalogue reads answered from the cache since the instance started",
    registers: [registry],
    async collect() {
      const values = (await catalogueCache.get()).values;
      const count = (result: string) => values.find((value) => value.labels.result === result)?.value ?? 0;
      const all = count("hit") + count("miss");
      this.set(all === 0 ? 0 : count("hit") / all);
    },
  });
  new Gauge({
    name: "shop_catalogue_cache_entries",
    help: "Answers held by the catalogue cache",
    registers: [registry],
    collect() {
      this.set(app.catalogueCache.size);
    },
  });
  new Gauge({
    name: "shop_catalogue_index_ready",
    help: "1 when the in-memory catalogue index is built (lists and searches are answered from it)",
    registers: [registry],
    collect() {
      this.set(app.catalogueIndex.isReady ? 1 : 0);
    },
  });
  const queries = new Histogram({
    name: "shop_db_query_duration_seconds",
    help: "Database statements by outcome",
    labelNames: ["outcome"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const stopTiming = app.database.onQuery(({ durationMs, failed }) =>
    queries.observe({ outcome: failed ? "error" : "ok" }, durationMs / 1000),
  );
  app.addHook("onClose", async () => {
    stopTiming();
  });
  // The outbox's backlog (server/src/mail); a scrape while the database is down leaves it as it was.
  let backlog: Promise<{ pending: number; oldest: Date | null } | undefined> | undefined;
  const readBacklog = () =>
    (backlog ??= app.database.db
      .select({ pending: count(), oldest: min(mails.createdAt) })
      .from(mails)
      .where(eq(mails.status, "pending"))
      .then(([row]) => row)
      .catch(() => undefined)
      // prom-client collects all metrics at once: both gauges share the statement of one scrape.
      .finally(() => (backlog = undefined)));
  new Gauge({
    name: "shop_mail_outbox_pending",
    help: "Mails in the outbox not sent yet (due now or waiting for a retry)",
    registers: [registry],
    async collect() {
      const row = await readBacklog();
      if (row) this.set(row.pending);
    },
  });
  new Gauge({
    name: "shop_mail_outbox_oldest_pending_seconds",
    help: "Age of the oldest mail not sent yet (0 when none waits)",
    registers: [registry],
    async collect() {
      const row = await readBacklog();
      if (row) this.set(row.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0);
    },
  });
  const { poolStats } = app.database;
  if (poolStats) {
    new Gauge({
      name: "shop_db_pool_connections",
      help: "PostgreSQL pool connections: open (total), idle, and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }

  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      // The pattern, not the URL: one series per route, whatever ids and queries are asked for.
      route: request.routeOptions.url ?? "(no route)",
      status_code: reply.statusCode,
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    // Hits are counted by the cache itself: most never reach Fastify (decision 015).
    if (request.routeOptions.config.catalogueCache && request.method === "GET" && !request.catalogueHit) {
      catalogueCache.inc({ result: "miss" });
    }
    done();
  });
  // The labelled child once, not a label lookup per hit: a hit costs little more than its write.
  const hits = catalogueCache.labels({ result: "hit" });
  app.catalogueCache.onHit(() => hits.inc());
  app.catalogueCache.measureWith((route) => cachedAnswers.meterOf(route));
}

/** Requests and latency of one route and status, as the cache answered them since the last scrape. */
class Tally {
  count = 0;
  sum = 0;
  /** Per bucket of SECONDS_BUCKETS, not cumulative (as prom-client keeps them). */
  readonly buckets = new Float64Array(SECONDS_BUCKETS.length);
  constructor(readonly labels: { method: string; route: string; status_code: number }) {}

  observe(seconds: number) {
    this.count += 1;
    this.sum += seconds;
    for (let bucket = 0; bucket < SECONDS_BUCKETS.length; bucket++) {
      if (seconds <= SECONDS_BUCKETS[bucket]!) {
        this.buckets[bucket]! += 1;
        return;
      }
    }
  }
}

/** The series prom-client 15 keeps per label set; it has no public way to add many observations at once. */
interface HistogramSeries {
  labels: Record<string, string | number>;
  bucketValues: Record<number, number>;
  sum: number;
  count: number;
}

/**
 * Cached answers written before Fastify (catalogue-cache.ts) are counted here, in numbers made
 * once per route, and added to shop_http_requests_total and the latency histogram when they are
 * scraped: a hit costs a few additions, where prom-client's inc/observe would hash its labels and
 * allocate on every request (the hit path is the busiest in the shop, see the bench).
 */
class CachedAnswerTallies {
  private readonly tallies: Tally[] = [];
  private readonly meters = new Map<string, CachedAnswerMeter>();

  meterOf(route: string): CachedAnswerMeter {
    let meter = this.meters.get(route);
    if (!meter) {
      const ok = this.tally(route, 200);
      const notModified = this.tally(route, 304);
      meter = { answered: (wasNotModified, seconds) => (wasNotModified ? notModified : ok).observe(seconds) };
      this.meters.set(route, meter);
    }
    return meter;
  }

  private tally(route: string, status: number) {
    const tally = new Tally({ method: "GET", route, status_code: status });
    this.tallies.push(tally);
    return tally;
  }

  /** Adds what was tallied since the last call to the counter and the histogram. */
  flush(requests: Counter<string>, latency: Histogram<string>) {
    for (const tally of this.tallies) {
      if (tally.count === 0) continue;
      requests.inc(tally.labels, tally.count);
      const series = seriesOf(latency, tally.labels);
      series.count += tally.count;
      series.sum += tally.sum;
      SECONDS_BUCKETS.forEach((bound, bucket) => {
        series.bucketValues[bound] = (series.bucketValues[bound] ?? 0) + tally.buckets[bucket]!;
      });
      tally.count = 0;
      tally.sum = 0;
      tally.buckets.fill(0);
    }
  }
}

function seriesOf(histogram: Histogram<string>, labels: Tally["labels"]): HistogramSeries {
  const find = () =>
    Object.values((histogram as unknown as { hashMap: Record<string, HistogramSeries> }).hashMap).find(
      (series) =>
        series.labels.method === labels.method &&
        series.labels.route === labels.route &&
        String(series.labels.status_code) === String(labels.status_code),
    );
  const found = find();
  if (found) return found;
  histogram.zero(labels);
  return find()!;
}

/** GET /metrics (under /api): admins, or a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`. */
export async function metricsRoutes(app: FastifyInstance) {
  const { requireAdmin } = makeGuards(app);
  const token = app.config.metricsToken;
  const hasMetricsToken = (request: FastifyRequest) => {
    const offered = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (!token || !offered) return false;
    const [a, b] = [Buffer.from(offered), Buffer.from(token)];
    return a.length === b.length && timingSafeEqual(a, b);
  };
  app.get(
    "/metrics",
    {
      onRequest: async (request: FastifyRequest) => {
        if (!hasMetricsToken(request)) await requireAdmin(request);
      },
      schema: {
        tags: ["operations"],
        summary: "This instance's metrics in Prometheus' text format (admins, or METRICS_TOKEN)",
      },
    },
    async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.type(app.metrics.contentType).send(await app.metrics.metrics()),
  );
}
