import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";

/** The generated secret's file in DATA_DIR (backups carry it: sessions and tokens depend on it). */
export const AUTH_SECRET_FILE = "auth-secret";

/**
 * BETTER_AUTH_SECRET, or on the embedded default a secret generated once and kept in DATA_DIR so
 * sessions survive restarts and `npm start` needs no setup. config.ts insists on the variable
 * with DATABASE_URL, where several instances must share one secret.
 */
export async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, AUTH_SECRET_FILE);
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "w" });
  return secret;
}
