import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app";
import { openDatabase, type Database } from "../db/client";
import { registerAccount, signIn, TEST_PASSWORD } from "../../test/support/accounts";
import {
  contentsOf,
  fillShop,
  openEmbeddedTestDatabase,
  type ShopWithOrders,
} from "../../test/support/shop-with-orders";
import { testConfig } from "../../test/support/test-app";
import { AUTH_SECRET_FILE } from "../auth/secret";
import { backupThroughServer, restoreFromFile } from "./commands";
import { announceRunningServer, findRunningServer } from "./running-server";

/**
 * The embedded database (PGlite in both test projects: its backup is the one that needs the
 * running server). PostgreSQL's pg_dump path: test/postgres/backup-restore.test.ts.
 */
const run = promisify(execFile);
const AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";
const ADMIN_EMAIL = "owner@shop.test";

let database: Database;
let app: App;
let shop: ShopWithOrders;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "shop-backup-"));
  const dataDir = path.join(folder, "running");
  database = await openEmbeddedTestDatabase();
  app = await buildApp({
    config: testConfig({ dataDir, adminEmails: [ADMIN_EMAIL] }),
    database,
    authSecret: AUTH_SECRET,
  });
  await app.ready();
  // As resolveAuthSecret() keeps it on the embedded default.
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, AUTH_SECRET_FILE), `${AUTH_SECRET}\n`);
  shop = await fillShop(app, ADMIN_EMAIL);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

const bytesOf = async (from: App, imagePath: string) => (await from.inject(imagePath)).rawPayload;

describe("backup and restore on the embedded database", () => {
  it("restores a backup taken while orders come in into a fresh DATA_DIR: same accounts, orders, images", async () => {
    // Orders keep coming while the backup is taken: the archive is a consistent copy all the same.
    const buyers = [await registerAccount(app), await registerAccount(app)];
    const during = Promise.all(buyers.map((buyer) => shop.placeOrder(buyer)));
    const backup = await app.inject({
      method: "POST",
      url: "/api/admin/backup",
      headers: shop.admin.headers,
    });
    await during;
    expect(backup.statusCode).toBe(200);
    expect(backup.headers["content-type"]).toBe("application/gzip");
    const file = path.join(folder, "embedded.tar.gz");
    await writeFile(file, backup.rawPayload);

    const dataDir = path.join(folder, "restored");
    const summary = await restoreFromFile(testConfig({ dataDir }), file);
    expect(summary).toMatchObject({ databaseRestored: true, images: 3, manifest: { database: "pglite" } });
    expect((await readFile(path.join(dataDir, AUTH_SECRET_FILE), "utf8")).trim()).toBe(AUTH_SECRET);

    const restored = await openDatabase({ kind: "pglite", dataDir });
    try {
      const before = await contentsOf(database);
      const after = await contentsOf(restored);
      expect(after.users).toEqual(before.users);
      expect(after.users).toHaveLength(4);
      // Every order committed before the backup began; the two racing ones whole or not at all.
      expect(after.orders.length).toBeGreaterThanOrEqual(3);
      expect(before.orders).toEqual(expect.arrayContaining(after.orders));
      const restoredOrders = new Set(after.orders.map((order) => order.id));
      expect(after.orderLines).toEqual(before.orderLines.filter((line) => restoredOrders.has(line.order)));
      // Stock is what the restored orders left: 50 less 2 per order.
      expect(after.products).toEqual(
        before.products.map((product) => ({ ...product, stock: 50 - 2 * after.orders.length })),
      );

      // The restored shop runs: the shopper signs in with the old password, the image is there.
      const restoredApp = await buildApp({
        config: testConfig({ dataDir }),
        database: restored,
        authSecret: AUTH_SECRET,
      });
      try {
        await signIn(restoredApp, shop.shopper.email, TEST_PASSWORD);
        const imagePath = before.products[0]!.image;
        expect((await bytesOf(restoredApp, imagePath)).equals(await bytesOf(app, imagePath))).toBe(true);
      } finally {
        await restoredApp.close();
      }
    } finally {
      await restored.close();
    }
  });

  it("is what `npm run admin -- backup` gets from the running shop, with the token from DATA_DIR", async () => {
    const dataDir = app.config.dataDir;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const announcement = await announceRunningServer(dataDir, app.server.address() as AddressInfo);
    try {
      const running = await findRunningServer(dataDir);
      expect(running?.pid).toBe(process.pid);
      const file = path.join(folder, "through-server.tar.gz");
      await backupThroughServer(running!, file);
      const { stdout } = await run("tar", ["-tzf", file]);
      expect(stdout.split("\n")).toEqual(
        expect.arrayContaining([
          "manifest.json",
          "database/pglite.tar",
          "auth-secret",
          expect.stringMatching(/^images\/[0-9a-f-]{36}\.webp$/),
        ]),
      );
      // Anyone else is refused: a wrong token, or none.
      const wrongTokens: Record<string, string>[] = [{ "x-backup-token": "not-the-token" }, {}];
      for (const headers of wrongTokens) {
        const refused = await fetch(`${running!.url}/api/admin/backup`, { method: "POST", headers });
        expect(refused.status).toBe(401);
      }
    } finally {
      await announcement.remove();
    }
    expect(await findRunningServer(dataDir)).toBeNull();
  });

  it("refuses to restore over a DATA_DIR that holds a database, and refuses a file that is no backup", async () => {
    const file = path.join(folder, "embedded.tar.gz");
    await expect(
      restoreFromFile(testConfig({ dataDir: path.join(folder, "restored") }), file),
    ).rejects.toThrow(/holds a database already/);
    const junk = path.join(folder, "junk.tar.gz");
    await writeFile(junk, "not a backup");
    await expect(
      restoreFromFile(testConfig({ dataDir: path.join(folder, "empty") }), junk),
    ).rejects.toThrow();
    expect(existsSync(path.join(folder, "empty", "PG_VERSION"))).toBe(false);
  });

  it("refuses an embedded database's backup when DATABASE_URL is set", async () => {
    const file = path.join(folder, "embedded.tar.gz");
    await expect(
      restoreFromFile(
        testConfig({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", imageStorage: { kind: "files" } }),
        file,
      ),
    ).rejects.toThrow(/embedded database/);
  });
});
