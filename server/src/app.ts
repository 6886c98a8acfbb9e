import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { createAuth, type Auth } from "./auth/auth";
import { CatalogueCache, decodeChange, encodeChange, type CatalogueChange } from "./cache/catalogue-cache";
import { createLocalFeed, createPostgresFeed } from "./cache/change-feed";
import { authRoutes } from "./auth/routes";
import { adminRoutes } from "./admin/routes";
import { cartRoutes } from "./cart/routes";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { healthRoutes } from "./health/routes";
import { orderRoutes } from "./orders/routes";
import type { PaymentProvider } from "./payments/provider";
import { createTestPaymentProvider } from "./payments/test-provider";
import { HttpProblem, registerProblemHandling, sendProblem } from "./http/problem";
import { registerDraining } from "./http/graceful-close";
import { registerSecurityHeaders } from "./http/security-headers";
import { webDistDir } from "./paths";
import { CatalogueIndex } from "./products/catalogue-index";
import { productRoutes } from "./products/routes";
import { profileRoutes } from "./profile/routes";
import {
  createMemoryStore,
  createRedisStore,
  type RateLimitRule,
  type RateLimitStore,
} from "./rate-limit/limiter";
import { reviewRoutes } from "./reviews/routes";
import { uploadRoutes, uploadsDir, originalOfMissingVariant } from "./uploads/routes";
import { userRoutes } from "./users/routes";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    authSecret: string;
    rateLimitStore: RateLimitStore;
    rateLimits: RateLimits;
    payments: PaymentProvider;
    catalogueCache: CatalogueCache;
    catalogueIndex: CatalogueIndex;
    /** Call after any change to products: drops cached catalogue answers on every instance. */
    catalogueChanged(change?: CatalogueChange): Promise<void>;
    /** Every route as registered: the access-control sweep checks it covers them all. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface RateLimits {
  authPerIp: RateLimitRule;
  authPerEmail: RateLimitRule;
}

const TEN_MINUTES_MS = 10 * 60 * 1000;

export interface AppOptions {
  config: Config;
  database: Database;
  /** From resolveAuthSecret(): BETTER_AUTH_SECRET or the one generated into DATA_DIR. */
  authSecret: string;
  /** Tests tighten these; the defaults come from the configuration. */
  rateLimits?: Partial<RateLimits>;
  /** The test-mode provider unless a real one is given (see README, "Payments"). */
  payments?: PaymentProvider;
  logger?: FastifyServerOptions["logger"];
  /** The built SPA; defaults to web/dist. Missing folder: the API still works. */
  webRoot?: string;
}

/** JSON bodies above this are refused with 413; uploads have their own limit. */
const BODY_LIMIT_BYTES = 1024 * 1024;
const ONE_YEAR_SECONDS = 31_536_000;

export async function buildApp({
  config,
  database,
  authSecret,
  rateLimits,
  payments = createTestPaymentProvider(),
  logger = false,
  webRoot = webDistDir,
}: AppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A request that reaches us on an open connection while we drain on SIGTERM is served as
    // usual (with "Connection: close"): see http/graceful-close.ts.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  registerDraining(app);

  app.decorate("registeredRoutes", []);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) app.registeredRoutes.push({ method, url: route.url });
  });
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("authSecret", authSecret);
  app.decorate(
    "auth",
    createAuth({
      config,
      db: database.db,
      secret: authSecret,
      log: (level, message, details) =>
        app.log[level]({ err: details.find((detail) => detail instanceof Error) }, `Better Auth: ${message}`),
    }),
  );
  app.decorate("rateLimitStore", config.redisUrl ? createRedisStore(config.redisUrl) : createMemoryStore());
  app.decorate("rateLimits", {
    authPerIp: { max: config.authRateLimitPerIp, windowMs: TEN_MINUTES_MS },
    authPerEmail: { max: 10, windowMs: TEN_MINUTES_MS },
    ...rateLimits,
  });
  app.decorate("payments", payments);
  const catalogueCache = new CatalogueCache();
  const catalogueIndex = new CatalogueIndex(database.db, {
    onBuildError: (error) => app.log.warn({ err: error }, "catalogue index build failed"),
  });
  const onCatalogueChange = (payload: string) => {
    const change = decodeChange(payload);
    catalogueCache.invalidate(change);
    catalogueIndex.invalidate(change);
  };
  const changeFeed = database.url
    ? createPostgresFeed(database.url, onCatalogueChange, (error) =>
        app.log.warn({ err: error }, "catalogue change feed"),
      )
    : createLocalFeed(onCatalogueChange);
  app.decorate("catalogueCache", catalogueCache);
  app.decorate("catalogueIndex", catalogueIndex);
  app.decorate("catalogueChanged", (change: CatalogueChange = "everything") =>
    changeFeed.publish(encodeChange(change)),
  );
  app.addHook("onClose", () => changeFeed.close());
  app.addHook("onClose", () => catalogueIndex.close());
  // Before compression, so the cache holds (and replays) the plain JSON.
  catalogueCache.register(app);
  app.decorateRequest("session", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("onClose", () => app.rateLimitStore.close());
  registerSameOriginCheck(app, config.baseUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandling(app);

  // ---- External plugins.
  registerSecurityHeaders(app, config.baseUrl);
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

  // ---- The API.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(profileRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      await api.register(adminRoutes);
      await api.register(uploadRoutes);
      await api.register(productRoutes);
      await api.register(reviewRoutes);
      api.get("/docs", { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );

  // ---- Uploaded images: unique names, so they can be cached for good.
  await app.register(fastifyStatic, {
    root: uploadsDir(config.dataDir),
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
    },
  });

  // ---- The single-page app: hashed assets cached for good, index.html always revalidated.
  const hasWebBuild = existsSync(path.join(webRoot, "index.html"));
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Our setHeaders decides caching per folder.
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webRoot, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.setHeader("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
        } else if (relative.startsWith(`demo${path.sep}`)) {
          res.setHeader("cache-control", "public, max-age=86400");
        } else {
          res.setHeader("cache-control", "no-cache");
        }
      },
    });
    // Deep links such as /aboutproduct/<id> get the app, which routes on the client. A route,
    // not the not-found handler: routes get compressed, the not-found handler does not.
    app.get("/*", { schema: { hide: true } }, (request, reply) => {
      const urlPath = request.url.split("?", 1)[0] ?? "/";
      const isApi = urlPath === "/api" || urlPath.startsWith("/api/");
      if (isApi || path.extname(urlPath)) return reply.callNotFound();
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split("?", 1)[0] ?? "/";
    const original = request.method === "GET" ? originalOfMissingVariant(urlPath, config.dataDir) : null;
    if (original) return reply.header("cache-control", "no-cache").redirect(original, 302);
    return sendProblem(
      reply,
      new HttpProblem(404, "Not Found", `No route for ${request.method} ${urlPath}.`),
    );
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence beside SameSite=Lax cookies: a browser names the page's origin on cross-site
 * writes, and only our own origin may change anything.
 */
function registerSameOriginCheck(app: FastifyInstance, baseUrl: string) {
  const ownOrigin = new URL(baseUrl).origin;
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined || origin === ownOrigin) return;
    return sendProblem(
      reply,
      new HttpProblem(403, "Forbidden", "Cross-origin requests may not change anything."),
    );
  });
}
