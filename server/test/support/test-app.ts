import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, type App } from "../../src/app";
import type { MailSenderOptions } from "../../src/mail/sender";
import type { RateLimits } from "../../src/rate-limit/limits";
import { loadConfig, type Config } from "../../src/config";
import type { Database } from "../../src/db/client";
import { openTestDatabase } from "./test-database";
import type { SaleTimer } from "../../src/cache/sale-boundaries";

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), authRateLimitPerIp: 1000, writeRateLimitPerMinute: 100_000, ...overrides };
}

/** The real app on a fresh database; call close() in afterAll. */
export interface TestAppOptions {
  config?: Partial<Config>;
  rateLimits?: Partial<RateLimits>;
  /** The mail sender's poll and back-off (tests that wait for mail shorten them). */
  mail?: Partial<MailSenderOptions>;
  /** The time sales are judged by, and the timer of the next sale boundary (see SaleBoundaries). */
  clock?: () => number;
  setSaleTimer?: SaleTimer;
  sitemapMaxUrls?: number;
}

/** The options every instance passes on to buildApp as given. */
const passedOn = (options: TestAppOptions) => ({
  ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  ...(options.mail ? { mail: options.mail } : {}),
  ...(options.clock ? { clock: options.clock } : {}),
  ...(options.setSaleTimer ? { setSaleTimer: options.setSaleTimer } : {}),
  ...(options.sitemapMaxUrls ? { sitemapMaxUrls: options.sitemapMaxUrls } : {}),
});

/** Mail that tests wait for goes out within tens of milliseconds, and is retried as quickly. */
export const FAST_MAIL: Partial<MailSenderOptions> = { pollIntervalMs: 20, retryBaseMs: 20, retryMaxMs: 200 };

export async function createTestApp(
  options: TestAppOptions & { webRoot?: string } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-data-"));
  const app = await buildApp({
    config: testConfig({ dataDir, ...options.config }),
    database,
    authSecret: "test-secret-that-is-long-enough-0123456789",
    ...passedOn(options),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the app on the same database, data folder and secret, as a second server
 * process behind a load balancer would be; call close() on it before the first context's.
 */
export async function buildSecondInstance(first: TestContext, options: TestAppOptions = {}): Promise<App> {
  const app = await buildApp({
    config: testConfig({ dataDir: first.app.config.dataDir, ...options.config }),
    database: first.database,
    authSecret: first.app.authSecret,
    ...passedOn(options),
  });
  await app.ready();
  return app;
}
