import { inject } from "vitest";

/**
 * The shop this test file runs against. Each e2e worker has a shop of its own (support/
 * global-setup.ts), so files in different workers run side by side without seeing each other's
 * products, carts or admins; files in one worker share it, one after another.
 */
export function shopUrl(): string {
  if (ownShop) return ownShop.baseUrl;
  const urls = inject("shopUrls");
  return urls[workerIndex() % urls.length]!;
}

/** The output of this test file's shop: its mail lines (no SMTP_URL) carry their links. */
export function shopLogFile(): string {
  if (ownShop) return ownShop.logFile;
  const files = inject("shopLogFiles");
  return files[workerIndex() % files.length]!;
}

const workerIndex = () => Number(process.env.VITEST_POOL_ID ?? "1") - 1;

let ownShop: { baseUrl: string; logFile: string } | undefined;

/**
 * Points this test file (modules are per file) at a shop of its own: for files that change the
 * catalogue or its stock in ways other files would see (a CSV import, sales), which the worker's
 * shared shop must not carry into the next file.
 */
export function useOwnShop(shop: { baseUrl: string; logFile: string }) {
  ownShop = shop;
}
