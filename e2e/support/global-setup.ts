import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./chromium";
import { freePort, startShop } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shop under test: the built server on the embedded database with demo data. */
    shopUrl: string;
  }
}

/** Registering with this e-mail makes an admin in the shared e2e shop. */
export const ADMIN_EMAIL = "admin@shop.com";

export default async function setup(project: TestProject) {
  ensureChromium();
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-"));
  // The browser's origin must be the shop's BASE_URL: writes from any other origin are refused.
  const port = await freePort();
  const shop = await startShop({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    // Every test signs in from 127.0.0.1; the per-e-mail limit still applies.
    AUTH_RATE_LIMIT_PER_IP: "100000",
  });
  project.provide("shopUrl", shop.baseUrl);
  return async () => {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
