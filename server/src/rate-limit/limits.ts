import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { createHash } from "node:crypto";
import { TooManyRequests } from "../http/problem";
import type { Config } from "../config";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

/**
 * The tiers (docs/decisions/011-rate-limits-and-lockout.md): tight for trying passwords and
 * creating accounts, looser for every other write, none for reads.
 */
export interface RateLimits {
  /** Sign-in, sign-up and mail-sending attempts from one client address, whatever the e-mail. */
  authPerAddress: RateLimitRule;
  /** Attempts for one e-mail from one client address: the lockout a password guesser meets. */
  authPerEmailAndAddress: RateLimitRule;
  /** Attempts for one e-mail from anywhere: a ceiling no single address can reach on its own. */
  authPerEmail: RateLimitRule;
  /** Trying the current password (change password, delete account) in one session. */
  passwordChecksPerSession: RateLimitRule;
  /** Coupon codes that do not apply, tried in one session: a guesser's attempts. */
  couponMissesPerSession: RateLimitRule;
  /** Coupon codes that do not apply, tried from one client address, whatever the session. */
  couponMissesPerAddress: RateLimitRule;
  /** Any other write (POST, PUT, PATCH, DELETE): per session when signed in, else per address. */
  writes: RateLimitRule;
  /** Guest bags opened and guest checkouts tried from one client address (GUEST_CHECKOUT). */
  guestPerAddress: RateLimitRule;
}

/** One counter: `check(request, key)` counts an attempt and throws 429 once the rule is exceeded. */
const MINUTE_MS = 60 * 1000;
const TEN_MINUTES_MS = 10 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;

/** The defaults of the tiers: docs/decisions/011-rate-limits-and-lockout.md says why these. */
export function defaultRateLimits(config: Config): RateLimits {
  return {
    authPerAddress: { max: config.authRateLimitPerIp, windowMs: TEN_MINUTES_MS },
    authPerEmailAndAddress: { max: 10, windowMs: TEN_MINUTES_MS },
    authPerEmail: { max: 100, windowMs: HOUR_MS },
    passwordChecksPerSession: { max: 10, windowMs: TEN_MINUTES_MS },
    couponMissesPerSession: { max: 10, windowMs: TEN_MINUTES_MS },
    couponMissesPerAddress: { max: 30, windowMs: TEN_MINUTES_MS },
    writes: { max: config.writeRateLimitPerMinute, windowMs: MINUTE_MS },
    // As many per 10 minutes as writes per minute: a household or office shares an address.
    guestPerAddress: { max: config.writeRateLimitPerMinute, windowMs: TEN_MINUTES_MS },
  };
}

export interface Limiter {
  check(request: FastifyRequest, key: string): Promise<void>;
  /** Throws 429 when the next attempt would exceed the rule, without counting one. */
  ensureRoom(request: FastifyRequest, key: string): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    limiters: Record<keyof RateLimits, Limiter>;
  }
  interface FastifyRequest {
    /** Set by a Limiter just before it counts: the key @fastify/rate-limit's keyGenerator answers. */
    rateLimitKey: string;
  }
}

/**
 * @fastify/rate-limit, counting in Redis when REDIS_URL is set (every instance shares the
 * windows) and in this process otherwise. A broken Redis lets requests through (logged): a
 * limiter outage must not lock every shopper out.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  redisUrl: string | undefined,
  rules: RateLimits,
) {
  const redis = redisUrl ? connectRedis(app, redisUrl) : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: "shop:rl:" } : {}),
  });
  if (redis) app.addHook("onClose", async () => redis.disconnect());
  app.decorateRequest("rateLimitKey", "");

  const limiterFor = (name: keyof RateLimits): Limiter => {
    const rule = rules[name];
    const count = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${name}:${request.rateLimitKey}`,
    });
    return {
      async check(request, key) {
        request.rateLimitKey = key;
        const result = await count(request);
        if (!result.isAllowed && result.isExceeded)
          throw new TooManyRequests(Math.max(1, result.ttlInSeconds));
      },
      async ensureRoom(request, key) {
        request.rateLimitKey = key;
        const result = await count(request, { increment: false });
        if (!result.isAllowed && result.remaining <= 0 && result.ttl > 0)
          throw new TooManyRequests(Math.max(1, result.ttlInSeconds));
      },
    };
  };
  app.decorate("limiters", {
    authPerAddress: limiterFor("authPerAddress"),
    authPerEmailAndAddress: limiterFor("authPerEmailAndAddress"),
    authPerEmail: limiterFor("authPerEmail"),
    passwordChecksPerSession: limiterFor("passwordChecksPerSession"),
    couponMissesPerSession: limiterFor("couponMissesPerSession"),
    couponMissesPerAddress: limiterFor("couponMissesPerAddress"),
    writes: limiterFor("writes"),
    guestPerAddress: limiterFor("guestPerAddress"),
  });
}

function connectRedis(app: FastifyInstance, url: string) {
  // Commands wait for the first connection, but an outage fails them fast instead of queueing.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 1_000 });
  let lastLogged = 0;
  redis.on("error", (error) => {
    // Unhandled, the event would crash the process; logged at most once a minute.
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    app.log.error({ err: error }, "rate-limit store (Redis) unavailable: requests are not limited");
  });
  return redis;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The limiter's store (Redis) sees a hash, never a token; a shopper's hash is kept, not remade per write. */
const hashedSessionKeys = new Map<string, string>();
const MAX_HASHED_SESSION_KEYS = 10_000;

function hashedSessionKey(session: string): string {
  let hashed = hashedSessionKeys.get(session);
  if (hashed === undefined) {
    hashed = createHash("sha256").update(session).digest("base64url");
    if (hashedSessionKeys.size >= MAX_HASHED_SESSION_KEYS)
      hashedSessionKeys.delete(hashedSessionKeys.keys().next().value!);
    hashedSessionKeys.set(session, hashed);
  }
  return hashed;
}

/**
 * Counts every write against the `writes` rule, keyed on the signed session token when there is
 * one (shoppers behind one address each get their own allowance) and on the client address
 * otherwise. `sessionKeyOf` answers the token only when its signature holds, so made-up tokens
 * cannot buy fresh allowances.
 */
export function registerWriteLimit(
  app: FastifyInstance,
  sessionKeyOf: (request: FastifyRequest) => string | null,
) {
  // A callback hook, so reads (most requests) pass without a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const session = sessionKeyOf(request);
    const key = session ? `session:${hashedSessionKey(session)}` : `address:${request.ip}`;
    app.limiters.writes.check(request, key).then(() => done(), done);
  });
}
