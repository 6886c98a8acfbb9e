import http from "node:http";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Auth } from "./auth/auth";
import { CatalogueCache, type CatalogueChange } from "./cache/catalogue-cache";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerDraining } from "./http/graceful-close";
import { registerJsonBodyParser } from "./http/json-body";
import { registerProblemHandling } from "./http/problem";
import { registerSameOriginCheck } from "./http/same-origin";
import type { MailSender } from "./mail/sender";
import { registerObservability } from "./observability/register";
import { requestIdOptions } from "./observability/request-context";
import { webDistDir } from "./paths";
import type { PaymentProvider } from "./payments/provider";
import { createPaymentProvider } from "./payments/create-provider";
import { registerApiRoutes } from "./plugins/api-routes";
import { registerAuth } from "./plugins/auth";
import { registerCatalogue } from "./plugins/catalogue";
import type { SaleBoundaries, SaleTimer } from "./cache/sale-boundaries";
import { registerHttpPlugins } from "./plugins/http";
import { registerMailSender, type MailOptions } from "./plugins/mail";
import { registerWebApp } from "./plugins/web-app";
import { registerSeo } from "./seo/routes";
import { setShopCurrency } from "@shop/contract/currency-decimals";
import { setMailLanguages } from "./mail/mail-language";
import type { CatalogueIndex } from "./products/catalogue-index";
import type { RateLimits } from "./rate-limit/limits";
import { createImageStore } from "./uploads/create-image-store";
import type { ImageStore } from "./uploads/image-store";
import { registerImageServing } from "./uploads/serve";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    auth: Auth;
    authSecret: string;
    /** The request's session token when its signature holds (no database lookup), or null. */
    sessionKeyOf(request: FastifyRequest): string | null;
    payments: PaymentProvider;
    catalogueCache: CatalogueCache;
    catalogueIndex: CatalogueIndex;
    /** The timer that drops the catalogue's memory when a sale starts or ends. */
    saleBoundaries: SaleBoundaries;
    /** Delivers the outbox; call wake() after queueing mail so it goes out at once. */
    mailSender: MailSender;
    /** The time prices are shown and charged for (sales start and end); tests move it. */
    clock(): number;
    /** Call after any change to products: drops cached catalogue answers on every instance. */
    catalogueChanged(change?: CatalogueChange): Promise<void>;
    /** Every route as registered: the access-control sweep checks it covers them all. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface AppOptions extends MailOptions {
  config: Config;
  database: Database;
  /** From resolveAuthSecret(): BETTER_AUTH_SECRET or the one generated into DATA_DIR. */
  authSecret: string;
  /** Tests tighten these; the defaults come from the configuration. */
  rateLimits?: Partial<RateLimits>;
  /** By default the one PAYMENT_PROVIDER names (the test mode unless set; see README, "Payments"). */
  payments?: PaymentProvider;
  logger?: FastifyServerOptions["logger"];
  /** The built SPA; defaults to web/dist. Missing folder: the API still works. */
  webRoot?: string;
  /** Where uploads go; by default the one the configuration names. */
  imageStore?: ImageStore;
  /** The time sales are judged by (Date.now); tests pass one they move. */
  clock?: () => number;
  /** Schedules the timer of the next sale boundary (setTimeout); tests fire it by hand. */
  setSaleTimer?: SaleTimer;
  /** Addresses per sitemap file (50,000, the protocol's limit); tests split a small catalogue. */
  sitemapMaxUrls?: number;
}

/** JSON bodies above this are refused with 413; uploads have their own limit. */
const BODY_LIMIT_BYTES = 1024 * 1024;
/** Fastify's default, which it sets only on servers it makes itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function buildApp({
  config,
  database,
  authSecret,
  rateLimits,
  payments,
  logger = false,
  webRoot = webDistDir,
  imageStore,
  mail,
  mailLog,
  clock = Date.now,
  setSaleTimer,
  sitemapMaxUrls,
}: AppOptions) {
  // Every converter and money schema reads the shop's currency from here (decision 040).
  setShopCurrency(config.shopCurrency);
  // The languages mails are written in (decision 041), read from here by every mail queued.
  setMailLanguages(config);
  const catalogueCache = new CatalogueCache();
  const requestIds = requestIdOptions(config.trustProxy);
  // A hit answered before Fastify gets its id by the same rules as every other request.
  catalogueCache.identifyRequestsWith(requestIds.genReqId);
  const app = Fastify({
    logger,
    // A cached catalogue answer is written before Fastify sees the request: routing, hooks and
    // serialising would cost more than the answer itself (docs/decisions/015-performance-measured-with-wrk.md).
    serverFactory: (handler) => {
      const server = http.createServer((request, response) => {
        if (!catalogueCache.serve(request, response, app.draining)) handler(request, response);
      });
      // What Fastify sets on a server it makes itself.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    // TRUST_PROXY: whose X-Forwarded-For / -Proto to believe (off by default: the socket's address).
    trustProxy: typeof config.trustProxy === "number" ? trustedHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A request that reaches us on an open connection while we drain on SIGTERM is served as
    // usual (with "Connection: close"): see http/graceful-close.ts.
    return503OnClosing: false,
    ...requestIds,
  }).withTypeProvider<ZodTypeProvider>();
  registerDraining(app);

  app.decorate("registeredRoutes", []);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) app.registeredRoutes.push({ method, url: route.url });
  });
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate<PaymentProvider>("payments", payments ?? (await createPaymentProvider(config)));
  app.decorate("clock", clock);

  // ---- The app's own plugins, in the order they depend on each other.
  registerMailSender(app, config, database, { mail, mailLog });
  await registerAuth(app, config, database, authSecret);
  registerCatalogue(app, database, catalogueCache, { clock, setSaleTimer });
  registerObservability(app);
  // Before compression, so the cache holds (and replays) the plain JSON.
  catalogueCache.register(app);
  registerSameOriginCheck(app, config.baseUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandling(app);
  registerJsonBodyParser(app);

  // ---- External plugins: headers, path check, rate limits, compression, OpenAPI.
  await registerHttpPlugins(app, config, rateLimits);

  // ---- The API, uploaded images from whichever store holds them, SEO files, and the single-page app.
  await registerApiRoutes(app);
  registerImageServing(app, imageStore ?? (await createImageStore(config, database)));
  // robots.txt, the sitemap and (PUBLIC_CATALOGUE) the head of catalogue pages.
  const seo = registerSeo(app, {
    config,
    db: database.db,
    catalogueIndex: app.catalogueIndex,
    ...(sitemapMaxUrls ? { sitemapMaxUrls } : {}),
  });
  await registerWebApp(app, webRoot, seo.renderIndex, config);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** TRUST_PROXY=<n>: the nearest n proxies are ours (what proxy-addr's hop count means). */
const trustedHops = (hops: number) => (_address: string, hop: number) => hop < hops;
