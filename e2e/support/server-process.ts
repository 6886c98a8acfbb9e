import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { cp } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { inject } from "vitest";

export const repoRoot = path.resolve(import.meta.dirname, "..", "..");
const serverEntry = path.join(repoRoot, "server", "dist", "main.js");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Only what a shell would pass on: the test runner's own variables (vitest sets BASE_URL=/) and
 * a developer's DATABASE_URL must not reach the shop under test.
 */
export function baseEnvironment(): Record<string, string> {
  const keep = ["PATH", "HOME", "LANG", "TMPDIR", "NODE_OPTIONS"];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/**
 * Fills an empty DATA_DIR with the e2e template (support/global-setup.ts): a stopped shop's
 * migrated database with the demo data. A shop started on it skips the first start's work.
 */
export async function copyShopTemplate(dataDir: string, templateDir = inject("shopTemplateDir")) {
  await cp(templateDir, dataDir, { recursive: true });
}

export interface ShopProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts the built server (`npm run build` first) and waits until /api/health answers. With
 * `logFile`, its output goes there too (test files read the mail lines of a shared shop there).
 * SHOP_NODE_FLAGS adds flags to its node, as for the bench (`--cpu-prof --cpu-prof-dir=…`).
 */
export async function startShop(
  env: Record<string, string>,
  timeoutMs = 60_000,
  logFile?: string,
): Promise<ShopProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const host = env.HOST ?? "127.0.0.1";
  const flags = process.env.SHOP_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, serverEntry], {
    cwd: repoRoot,
    env: { ...baseEnvironment(), LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: host },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const log = logFile ? createWriteStream(logFile, { flags: "a" }) : undefined;
  const record = (chunk: Buffer) => {
    output += chunk;
    log?.write(chunk);
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  child.once("exit", () => log?.end());
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const baseUrl = `http://${host}:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The shop did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
