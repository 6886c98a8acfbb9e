import type { FastifyInstance, FastifyRequest } from "fastify";
import { MONEY_MESSAGES } from "@shop/contract/money";

/**
 * The coupon tier (decision 011): codes that do not apply count per user and per client address,
 * in the bag's quote and at checkout alike, so either one is as slow a way to guess codes.
 */
export function couponAttempts(app: FastifyInstance, request: FastifyRequest, userId: string) {
  const counters = [
    [app.limiters.couponMissesPerSession, `user:${userId}`],
    [app.limiters.couponMissesPerAddress, `address:${request.ip}`],
  ] as const;
  return {
    /** Refused before the lookup: past the limit, no answer tells a real code from a guess. */
    async ensureRoom() {
      for (const [limiter, key] of counters) await limiter.ensureRoom(request, key);
    },
    /** Counts a code that does not apply (not one that is used up or needs a larger bag). */
    async countIfNotValid(message: string | null | undefined) {
      if (message !== MONEY_MESSAGES.couponNotValid) return;
      for (const [limiter, key] of counters) await limiter.check(request, key);
    },
  };
}
