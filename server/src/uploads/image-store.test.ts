import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { uploadVariantPath } from "@shop/contract/images";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import type { Database } from "../db/client";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { startLocalS3, type LocalS3 } from "../../test/support/local-s3";
import { multipartFile } from "../../test/support/multipart";
import { buildSecondInstance, createTestApp, type TestContext } from "../../test/support/test-app";
import { openTestDatabase } from "../../test/support/test-database";
import { createDatabaseImageStore } from "./database-image-store";
import { createFileImageStore } from "./file-image-store";
import { copyImages, type ImageStore } from "./image-store";
import { createS3ImageStore } from "./s3-image-store";

let s3: LocalS3;
let database: Database;
let folder: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await openTestDatabase();
  folder = await mkdtemp(path.join(tmpdir(), "shop-images-"));
});
afterAll(async () => {
  await database?.close();
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const pngOf = (colour: string, width = 40) =>
  sharp({ create: { width, height: width, channels: 3, background: colour } })
    .png()
    .toBuffer();

const stores: [string, () => ImageStore][] = [
  ["files (DATA_DIR)", () => createFileImageStore(path.join(folder, "uploads"))],
  ["database", () => createDatabaseImageStore(database.db)],
  ["S3 (local s3rver)", () => createS3ImageStore(s3.settings)],
];

describe.each(stores)("the %s image store", (_kind, makeStore) => {
  it("gives back the bytes, content type and a stable ETag of what it stored, and lists it", async () => {
    const store = makeStore();
    const bytes = await pngOf("#c33");
    const name = `${crypto.randomUUID()}.png`;
    expect(await store.has(name)).toBe(false);
    await store.put(name, bytes, "image/png");

    const image = await store.get(name);
    expect(image?.bytes.equals(bytes)).toBe(true);
    expect(image?.contentType).toBe("image/png");
    expect(image?.etag).toMatch(/^"[^"]+"$/);
    expect((await store.get(name))?.etag).toBe(image?.etag);
    expect(await store.has(name)).toBe(true);
    const listed: string[] = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed).toContain(name);
  });

  it("answers null for unknown names and for names that could leave its folder or prefix", async () => {
    const store = makeStore();
    expect(await store.get(`${crypto.randomUUID()}.webp`)).toBeNull();
    for (const hostile of ["../auth-secret", "..", "a/b.webp", ".hidden.webp", "x.webp\u0000"]) {
      expect(await store.get(hostile)).toBeNull();
      expect(await store.has(hostile)).toBe(false);
    }
    await expect(store.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow();
  });
});

describe("copyImages (npm run admin -- migrate-uploads)", () => {
  it("copies every upload of DATA_DIR into the shared store once; a second run copies nothing", async () => {
    const source = createFileImageStore(path.join(folder, "old-uploads"));
    const target = createDatabaseImageStore(database.db);
    const names = [`${crypto.randomUUID()}.webp`, `${crypto.randomUUID()}-320w.webp`];
    for (const name of names) await source.put(name, await pngOf("#36c"), "image/webp");

    expect(await copyImages(source, target)).toEqual({ copied: 2, skipped: 0 });
    for (const name of names) {
      expect((await target.get(name))?.bytes.equals((await source.get(name))!.bytes)).toBe(true);
      expect((await target.get(name))?.contentType).toBe("image/webp");
    }
    expect(await copyImages(source, target)).toEqual({ copied: 0, skipped: 2 });
  });
});

/**
 * Two instances behind one proxy, each with a DATA_DIR of its own: what one takes, the other
 * serves. The database path runs on PGlite and, in the server-postgres project, on the machine's
 * PostgreSQL server; the S3 path on the local s3rver.
 */
describe.each([
  ["the database", () => ({ kind: "database" as const })],
  ["S3", () => ({ kind: "s3" as const, s3: s3.settings })],
])("uploads kept in %s", (_where, imageStorage) => {
  let first: TestContext;
  let second: App;
  let admin: TestAccount;

  beforeAll(async () => {
    first = await createTestApp({
      config: { imageStorage: imageStorage(), adminEmails: ["boss@shop.test"] },
    });
    const otherDataDir = await mkdtemp(path.join(tmpdir(), "shop-data-second-"));
    second = await buildSecondInstance(first, {
      config: { imageStorage: imageStorage(), dataDir: otherDataDir },
    });
    admin = await registerAccount(first.app, "boss@shop.test");
  });
  afterAll(async () => {
    const otherDataDir = second?.config.dataDir;
    await second?.close();
    await first?.close();
    if (otherDataDir) await rm(otherDataDir, { recursive: true, force: true });
  });

  it("are served by the other instance, with its copies, long caching, an ETag and image/webp", async () => {
    const body = multipartFile("photo.png", "image/png", await pngOf("#3c6", 1000));
    const uploaded = await first.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
    expect(uploaded.statusCode).toBe(201);
    const imagePath: string = uploaded.json().path;

    for (const url of [imagePath, uploadVariantPath(imagePath, 320), uploadVariantPath(imagePath, 800)]) {
      const served = await second.inject(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.headers.etag).toMatch(/^"[^"]+"$/);
      expect((await sharp(served.rawPayload).metadata()).format).toBe("webp");

      const revalidated = await first.app.inject({ url, headers: { "if-none-match": served.headers.etag! } });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
    }
    const head = await second.inject({ method: "HEAD", url: imagePath });
    expect(head.statusCode).toBe(200);
  });

  it("answer 404 problem+json for an image nobody uploaded", async () => {
    const missing = await second.inject(`/uploads/${crypto.randomUUID()}.webp`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });
});

/**
 * What the bucket says about an object is not trusted: anyone who can write to it (another app, a
 * leaked key) could otherwise have the shop's origin serve a page or a script. Runs on both
 * databases like the rest of the app; the bucket is the local s3rver.
 */
describe("uploads served from S3", () => {
  let shop: TestContext;
  let bucket: S3Client;

  beforeAll(async () => {
    shop = await createTestApp({ config: { imageStorage: { kind: "s3", s3: s3.settings } } });
    bucket = new S3Client({
      region: s3.settings.region,
      endpoint: s3.settings.endpoint!,
      forcePathStyle: true,
      credentials: s3.settings.credentials!,
    });
  });
  afterAll(async () => {
    bucket?.destroy();
    await shop?.close();
  });

  it.each(["text/html", "image/svg+xml", "application/javascript"])(
    "are served as the image type their name says, with nosniff, when the bucket says %s",
    async (bucketType) => {
      const name = `${crypto.randomUUID()}.webp`;
      await bucket.send(
        new PutObjectCommand({
          Bucket: s3.settings.bucket,
          Key: `${s3.settings.prefix}${name}`,
          Body: "<script>alert(document.domain)</script>",
          ContentType: bucketType,
        }),
      );
      const served = await shop.app.inject(`/uploads/${name}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
    },
  );

  it("refuses names of types the shop never writes, whatever the bucket holds", async () => {
    const name = `${crypto.randomUUID()}.html`;
    await bucket.send(
      new PutObjectCommand({
        Bucket: s3.settings.bucket,
        Key: `${s3.settings.prefix}${name}`,
        Body: "<h1>hello</h1>",
        ContentType: "text/html",
      }),
    );
    const served = await shop.app.inject(`/uploads/${name}`);
    expect(served.statusCode).toBe(404);
    expect(served.headers["content-type"]).toMatch(/^application\/problem\+json/);
  });

  it("answer 503 problem+json, not 500, when the bucket refuses or is down", async () => {
    const refusing = await createTestApp({
      config: { imageStorage: { kind: "s3", s3: { ...s3.settings, bucket: "no-such-bucket" } } },
    });
    const down = await startLocalS3();
    const unreachable = await createTestApp({ config: { imageStorage: { kind: "s3", s3: down.settings } } });
    await down.close();
    try {
      for (const app of [refusing.app, unreachable.app]) {
        for (const url of [
          `/uploads/${crypto.randomUUID()}.webp`,
          `/uploads/${crypto.randomUUID()}-320w.webp`,
        ]) {
          const answer = await app.inject(url);
          expect(answer.statusCode, url).toBe(503);
          expect(answer.headers["content-type"]).toMatch(/^application\/problem\+json/);
          expect(answer.headers["retry-after"]).toBeDefined();
        }
      }
    } finally {
      await refusing.close();
      await unreachable.close();
    }
  });
});
