import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { freePort, repoRoot, startShop, type ShopProcess } from "../support/server-process";
import { VERIFICATION_SUBJECT, waitForMail } from "../support/mail";
import { addToCart, checkout, signUp } from "../support/shop-client";

/**
 * `npm run admin -- backup` and `restore` as an owner runs them on the embedded database: the
 * backup while the shop runs (the CLI asks it), the restore into an empty DATA_DIR with the shop
 * stopped, and the restored shop started on it.
 */
const run = promisify(execFile);
const ADMIN_EMAIL = "backup-owner@shop.test";
let folder: string;
const shops: ShopProcess[] = [];

const admin = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [path.join(repoRoot, "server", "dist", "cli.js"), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

async function launch(dataDir: string) {
  const port = await freePort();
  const shop = await startShop({
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    AUTH_RATE_LIMIT_PER_IP: "100000",
    WRITE_RATE_LIMIT_PER_MINUTE: "100000",
  });
  shops.push(shop);
  return shop;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "shop-backup-cli-"));
});
afterAll(async () => {
  for (const shop of shops) await shop.stop();
  await rm(folder, { recursive: true, force: true });
});

describe("npm run admin -- backup / restore on the embedded database", () => {
  it(
    "backs up the running shop and restores it into a fresh DATA_DIR with its accounts, orders and images",
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(folder, "shop");
      const shop = await launch(dataDir);
      const base = shop.baseUrl;

      // An image uploaded by the admin, a product showing it, and a shopper's order.
      const owner = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ name: "Owner", email: ADMIN_EMAIL, password: TEST_PASSWORD }),
      });
      const ownerHeaders = { authorization: `Bearer ${owner.headers.get("set-auth-token")}`, origin: base };
      // ADMIN_EMAILS makes an admin of the address once it is verified.
      const { link } = await waitForMail(ADMIN_EMAIL, VERIFICATION_SUBJECT, () => shop.output());
      expect((await fetch(link, { redirect: "manual" })).status).toBeLessThan(400);
      const form = new FormData();
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c72" } })
        .png()
        .toBuffer();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "kettle.png");
      const upload = await fetch(`${base}/api/uploads`, {
        method: "POST",
        headers: ownerHeaders,
        body: form,
      });
      const imagePath = ((await upload.json()) as { path: string }).path;
      const product = await fetch(`${base}/api/addproduct`, {
        method: "POST",
        headers: { ...ownerHeaders, "content-type": "application/json" },
        body: JSON.stringify({
          productname: "Backup Kettle",
          price: "30.00",
          catagory: "gadgets",
          description: "Survives a restore.",
          image: imagePath,
          stock: 10,
        }),
      });
      const productId = ((await product.json()) as { _id: string })._id;
      const shopper = await signUp(shop, "backup-shopper");
      const order = await checkout(base, shopper, [await addToCart(base, shopper, productId, 3)]);
      expect(order.status).toBe(201);
      const orderId = (JSON.parse(order.body) as { _id: string })._id;

      // While the shop runs: other commands are refused, the backup is made by the shop.
      const refused = await admin(dataDir, "promote", shopper.email);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/The shop is running on .* Stop it first/);
      const file = path.join(folder, "shop-backup.tar.gz");
      const backup = await admin(dataDir, "backup", file);
      expect(backup.output).toMatch(/made by the running shop/);
      expect(backup.code).toBe(0);

      const restoredDir = path.join(folder, "restored");
      const restore = await admin(restoredDir, "restore", file);
      expect(restore.output).toMatch(/Restored the database into .* and 3 images/);
      expect(restore.code).toBe(0);
      // Restoring over a DATA_DIR with a database in it is refused.
      expect((await admin(restoredDir, "restore", file)).code).toBe(1);

      await shop.stop();
      const restored = await launch(restoredDir);
      const signIn = await fetch(`${restored.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: restored.baseUrl },
        body: JSON.stringify({ email: shopper.email, password: TEST_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const headers = { authorization: `Bearer ${signIn.headers.get("set-auth-token")}` };
      const restoredOrder = await fetch(`${restored.baseUrl}/api/orders/${orderId}`, { headers });
      expect(restoredOrder.status).toBe(200);
      const detail = (await (await fetch(`${restored.baseUrl}/api/productdetail/${productId}`)).json()) as {
        stock: number;
        image: string;
      };
      expect(detail).toMatchObject({ stock: 7, image: imagePath });
      const image = await fetch(`${restored.baseUrl}${imagePath}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
    },
  );
});
