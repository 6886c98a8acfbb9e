import { afterAll, describe, expect, it } from "vitest";
import { createMemoryStore, createRedisStore, hit } from "./limiter";

describe("the memory rate-limit store", () => {
  it("allows max attempts per window, then refuses until the window resets", async () => {
    let time = 1_000_000;
    const store = createMemoryStore(() => time);
    const rule = { max: 2, windowMs: 10_000 };
    expect((await hit(store, "ip:1", rule)).allowed).toBe(true);
    expect((await hit(store, "ip:1", rule)).allowed).toBe(true);
    const refused = await hit(store, "ip:1", rule);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect((await hit(store, "ip:2", rule)).allowed).toBe(true);
    time += 10_001;
    expect((await hit(store, "ip:1", rule)).allowed).toBe(true);
  });
});

// Redis runs on every machine of this project (and in CI); the store must count across clients.
describe("the Redis rate-limit store", () => {
  const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const first = createRedisStore(url, `shop:test:${process.pid}:${Date.now()}:`);
  afterAll(() => first.close());

  it("shares one window between two stores on the same prefix", async () => {
    const prefix = `shop:test:${process.pid}:${Date.now()}:shared:`;
    const a = createRedisStore(url, prefix);
    const b = createRedisStore(url, prefix);
    try {
      const rule = { max: 3, windowMs: 5_000 };
      const results = [];
      for (const store of [a, b, a, b]) results.push((await hit(store, "email:ann@shop.test", rule)).allowed);
      expect(results).toEqual([true, true, true, false]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
