import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./chromium";
import { copyShopTemplate, freePort, startShop } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The shops under test, one per e2e worker: the built server on the embedded database with
     * demo data. A test asks support/shop-url.ts for its own.
     */
    shopUrls: string[];
    /** Each shop's output (same order): without SMTP_URL every mail is a line there, with its link. */
    shopLogFiles: string[];
    /** A stopped shop's DATA_DIR (migrated, demo data), for copyShopTemplate (support/server-process.ts). */
    shopTemplateDir: string;
  }
}

/** Registering with this e-mail makes an admin in the shared e2e shop. */
export const ADMIN_EMAIL = "admin@shop.com";

export default async function setup(project: TestProject) {
  ensureChromium();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const templateDir = await prepareShopTemplate();
  project.provide("shopTemplateDir", templateDir);
  const shops = await Promise.all(Array.from({ length: workers }, () => startE2eShop(templateDir)));
  project.provide(
    "shopUrls",
    shops.map((shop) => shop.baseUrl),
  );
  project.provide(
    "shopLogFiles",
    shops.map((shop) => shop.logFile),
  );
  return async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await rm(templateDir, { recursive: true, force: true });
  };
}

/**
 * A DATA_DIR with the migrated database and the demo data: a shop started on an empty one, then
 * stopped. Most e2e shops start on a copy of it: ready in about 3.5 s and 4.5 s of CPU instead of
 * 8 s and 10.5 s (PGlite's initdb, the migrations and the demo data, each time). Files that test
 * a first start (server-process, backup-cli's restore) still start on an empty DATA_DIR.
 */
async function prepareShopTemplate(): Promise<string> {
  const templateDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-template-"));
  const port = await freePort();
  const shop = await startShop({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: templateDir,
    // Given one, it stores none in DATA_DIR: each copy's shop makes its own, as a first start does.
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  });
  const exitCode = await shop.stop();
  if (exitCode !== 0) throw new Error(`The template shop exited with ${exitCode}:\n${shop.output()}`);
  return templateDir;
}

/**
 * A shop on the embedded database with demo data (a copy of the template), its output kept in a
 * file; stop() removes it. Test files call it without the argument (the template is provided).
 */
export async function startE2eShop(templateDir?: string, extraEnv: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-"));
  await copyShopTemplate(dataDir, templateDir);
  // The browser's origin must be the shop's BASE_URL: writes from any other origin are refused.
  const port = await freePort();
  const logFile = path.join(dataDir, "shop.log");
  const shop = await startShop(
    {
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // Every test signs in from 127.0.0.1; the per-e-mail limit still applies.
      AUTH_RATE_LIMIT_PER_IP: "100000",
      WRITE_RATE_LIMIT_PER_MINUTE: "100000",
      ...extraEnv,
    },
    undefined,
    logFile,
  );
  return {
    baseUrl: shop.baseUrl,
    logFile,
    stop: async () => {
      await shop.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
