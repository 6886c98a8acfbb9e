import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Config } from "../config";
import { registerNoStoreForPersonalAnswers } from "../http/no-store";
import { registerPlainPathCheck } from "../http/plain-path";
import { registerSecurityHeaders } from "../http/security-headers";
import {
  defaultRateLimits,
  registerRateLimits,
  registerWriteLimit,
  type RateLimits,
} from "../rate-limit/limits";

/**
 * What every answer goes through, in this order: security headers (a refusal carries them too),
 * the plain-path check (nothing is cached under a refused path), rate limits, no-store for
 * personal answers, compression, and the OpenAPI document. Needs `app.sessionKeyOf`.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  config: Config,
  rateLimits: Partial<RateLimits> | undefined,
) {
  registerSecurityHeaders(app, config.baseUrl);
  registerPlainPathCheck(app);
  await registerRateLimits(app, config.redisUrl, { ...defaultRateLimits(config), ...rateLimits });
  registerWriteLimit(app, app.sessionKeyOf);
  registerNoStoreForPersonalAnswers(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Shop API",
        version: "1.0.0",
        description: "The shop's HTTP API. Errors are RFC 9457 problem+json.",
      },
    },
    transform: jsonSchemaTransform,
  });
}
