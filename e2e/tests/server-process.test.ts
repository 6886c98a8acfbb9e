import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnvironment, freePort, repoRoot, startShop } from "../support/server-process";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-process-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function productCount(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/products?limit=1`);
  expect(response.status).toBe(200);
  return Number(response.headers.get("x-total-count"));
}

describe("the shop process", () => {
  it("starts on the configured PORT, HOST and DATA_DIR with demo data, and keeps it across a restart", async () => {
    const port = await freePort();
    const first = await startShop({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir });
    expect(first.baseUrl).toBe(`http://127.0.0.1:${port}`);
    const seeded = await productCount(first.baseUrl);
    expect(seeded).toBeGreaterThanOrEqual(40);
    expect(await readdir(dataDir)).not.toHaveLength(0);
    expect(await first.stop()).toBe(0);

    const second = await startShop({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir });
    try {
      expect(await productCount(second.baseUrl)).toBe(seeded);
      const home = await fetch(second.baseUrl);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root">');
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it("refuses a bad setting with one line naming the variable", () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, "server", "dist", "main.js")], {
      env: { ...baseEnvironment(), PORT: "eighty", DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'Invalid configuration: PORT must be a port number from 0 to 65535 (got "eighty")',
    ]);
  });
});
