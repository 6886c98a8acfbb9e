import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { resolveAuthSecret } from "./secret";

let dataDir: string | undefined;
afterEach(() => (dataDir ? rm(dataDir, { recursive: true, force: true }) : undefined));

describe("resolveAuthSecret", () => {
  it("generates a secret once into DATA_DIR (owner-only) and returns the same one after a restart", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "shop-secret-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveAuthSecret(config)).toBe(first);
    expect((await readFile(path.join(dataDir, "auth-secret"), "utf8")).trim()).toBe(first);
    expect((await stat(path.join(dataDir, "auth-secret"))).mode & 0o077).toBe(0);
  });

  it("uses BETTER_AUTH_SECRET when it is set, writing nothing", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "shop-secret-"));
    const secret = "s".repeat(40);
    expect(await resolveAuthSecret(loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: secret }))).toBe(
      secret,
    );
    await expect(stat(path.join(dataDir, "auth-secret"))).rejects.toThrow();
  });
});
