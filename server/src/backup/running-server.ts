import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * PGlite allows one process per data directory, so while the shop runs on the embedded database
 * nothing else may open DATA_DIR. The server says it runs in DATA_DIR/server.json (its pid, its
 * address, and a token that lets the CLI ask it for a backup), readable by DATA_DIR's owner only:
 * whoever can read the file can read the database files anyway.
 */
export const RUNNING_SERVER_FILE = "server.json";

export interface RunningServer {
  pid: number;
  url: string;
  backupToken: string;
}

export async function announceRunningServer(dataDir: string, address: AddressInfo) {
  const host = ["0.0.0.0", "::", ""].includes(address.address) ? "127.0.0.1" : address.address;
  const running: RunningServer = {
    pid: process.pid,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    backupToken: randomBytes(32).toString("base64url"),
  };
  const file = path.join(dataDir, RUNNING_SERVER_FILE);
  await writeFile(file, JSON.stringify(running), { mode: 0o600 });
  return { remove: () => rm(file, { force: true }) };
}

/** The shop running on this DATA_DIR, or null (no file, or its process is gone). */
export async function findRunningServer(dataDir: string): Promise<RunningServer | null> {
  let running: RunningServer;
  try {
    running = JSON.parse(await readFile(path.join(dataDir, RUNNING_SERVER_FILE), "utf8")) as RunningServer;
  } catch {
    return null;
  }
  try {
    process.kill(running.pid, 0);
    return running;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? running : null;
  }
}

/** Whether `offered` is the backup token this very process announced. */
export async function isOwnBackupToken(dataDir: string, offered: string | undefined) {
  if (!offered) return false;
  const running = await findRunningServer(dataDir);
  if (running?.pid !== process.pid) return false;
  const [a, b] = [Buffer.from(offered), Buffer.from(running.backupToken)];
  return a.length === b.length && timingSafeEqual(a, b);
}
