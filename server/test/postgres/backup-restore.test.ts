import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/app";
import { restoreFromFile } from "../../src/backup/commands";
import { openDatabase } from "../../src/db/client";
import { images } from "../../src/db/schema";
import { signIn, TEST_PASSWORD } from "../support/accounts";
import { contentsOf, fillShop, type ShopWithOrders } from "../support/shop-with-orders";
import { createTestApp, testConfig, type TestContext } from "../support/test-app";

/**
 * On PostgreSQL the database is pg_dump's and pg_restore's, the images the backup command's
 * (deploy/README.md, "Backups"): the guide's steps, restored into a fresh database on the
 * machine's server.
 */
const run = promisify(execFile);
const ADMIN_EMAIL = "owner@shop.test";
const inDatabase = { kind: "database" as const };

let context: TestContext;
let shop: ShopWithOrders;
let folder: string;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: [ADMIN_EMAIL], imageStorage: inDatabase } });
  shop = await fillShop(context.app, ADMIN_EMAIL);
  folder = await mkdtemp(path.join(tmpdir(), "shop-pg-backup-"));
});
afterAll(async () => {
  await context?.close();
  await rm(folder, { recursive: true, force: true });
});

describe("backup and restore on PostgreSQL", () => {
  it("pg_dump + the command's archive, restored into a fresh database: same accounts, orders, images", async () => {
    const dumpFile = path.join(folder, "shop.dump");
    await run("pg_dump", ["--format=custom", "--file", dumpFile, context.database.url!]);
    const backup = await context.app.inject({
      method: "POST",
      url: "/api/admin/backup",
      headers: shop.admin.headers,
    });
    expect(backup.statusCode).toBe(200);
    const archive = path.join(folder, "images.tar.gz");
    await writeFile(archive, backup.rawPayload);

    const serverUrl = inject("testDatabaseUrl");
    const freshName = `shop_restore_${randomUUID().replaceAll("-", "")}`;
    await run("psql", [serverUrl, "-qc", `create database ${freshName}`]);
    const freshUrl = Object.assign(new URL(serverUrl), { pathname: `/${freshName}` }).toString();
    try {
      await run("pg_restore", ["--no-owner", "--dbname", freshUrl, dumpFile]);
      const restored = await openDatabase({ kind: "postgres", url: freshUrl });
      try {
        // pg_dump carried the images table too; the archive is what restores images kept in S3,
        // so restore them from it alone here.
        await restored.db.delete(images);
        const config = testConfig({ databaseUrl: freshUrl, imageStorage: inDatabase });
        const summary = await restoreFromFile(config, archive);
        expect(summary).toMatchObject({
          databaseRestored: false,
          images: 3,
          manifest: { database: "postgres" },
        });

        const before = await contentsOf(context.database);
        expect(before.orders).toHaveLength(3);
        expect(await contentsOf(restored)).toEqual(before);
        const app = await buildApp({ config, database: restored, authSecret: context.app.authSecret });
        try {
          await signIn(app, shop.shopper.email, TEST_PASSWORD);
          const imagePath = before.products[0]!.image;
          const served = await app.inject(imagePath);
          expect(served.statusCode).toBe(200);
          expect(served.rawPayload.equals((await context.app.inject(imagePath)).rawPayload)).toBe(true);
        } finally {
          await app.close();
        }
      } finally {
        await restored.close();
      }
    } finally {
      await run("psql", [serverUrl, "-qc", `drop database if exists ${freshName} with (force)`]);
    }
  });
});
