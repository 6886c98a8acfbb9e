import { Redis } from "ioredis";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  /** Seconds until the window resets; what `Retry-After` says. */
  retryAfterSeconds: number;
}

/** Fixed-window counters. With Redis every instance counts into the same window. */
export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

export async function hit(store: RateLimitStore, key: string, rule: RateLimitRule): Promise<HitResult> {
  const { count, resetInMs } = await store.increment(key, rule.windowMs);
  return { allowed: count <= rule.max, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
}

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async increment(key, windowMs) {
      const time = now();
      // Forget finished windows now and then so the map cannot grow without bound.
      if (time - lastSweep > 60_000) {
        for (const [entryKey, entry] of windows) if (entry.resetAt <= time) windows.delete(entryKey);
        lastSweep = time;
      }
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= time) {
        entry = { count: 0, resetAt: time + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - time };
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisStore(url: string, prefix = "shop:rl:"): RateLimitStore {
  // Commands wait for the first connection, but a Redis outage fails them fast instead of queueing.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 1_000 });
  // Connection errors surface on the commands; an unhandled 'error' event would crash the process.
  redis.on("error", () => {});
  return {
    async increment(key, windowMs) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, "NX")
        .pttl(prefix + key)
        .exec();
      if (!results) throw new Error("rate-limit transaction aborted");
      const count = Number(results[0]?.[1]);
      const ttl = Number(results[2]?.[1]);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async close() {
      redis.disconnect();
    },
  };
}
