import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./chromium";
import { startShop } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shop under test: the built server on the embedded database with demo data. */
    shopUrl: string;
  }
}

export default async function setup(project: TestProject) {
  ensureChromium();
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-"));
  const shop = await startShop({ DATA_DIR: dataDir });
  project.provide("shopUrl", shop.baseUrl);
  return async () => {
    await shop.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
