import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { newAccount, signUpThroughApi, TEST_PASSWORD } from "../support/accounts";
import { launchBrowser, screenshot, VIEWPORTS } from "../support/browser";
import { VERIFICATION_SUBJECT, waitForMail } from "../support/mail";
import { startNginx, type Nginx } from "../support/nginx";
import { freePort, startShop, type ShopProcess } from "../support/server-process";
import {
  CARD_SUCCEEDS,
  DELIVERY,
  exchange,
  signUp,
  type Outcome,
  type Shopper,
} from "../support/shop-client";

/**
 * Production's shape (deploy/README.md): nginx running deploy/nginx/shop.conf in front of three
 * instances of the built server, on one PostgreSQL database (made here, dropped after) and one
 * Redis. Each instance has a DATA_DIR of its own: nothing may work through a shared disk.
 */
const run = promisify(execFile);
const POSTGRES = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const ADMIN_EMAIL = "proxy-admin@shop.test";
const databaseName = `shop_nginx_${randomUUID().replaceAll("-", "")}`;
const databaseUrl = Object.assign(new URL(POSTGRES), { pathname: `/${databaseName}` }).toString();

let nginx: Nginx;
let folder: string;
const ports: number[] = [];
const instances: ShopProcess[] = [];
let environment: (index: number) => Record<string, string>;
let admin: Shopper;
let productId: string;
let imagePath: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const direct = (index: number) => `http://127.0.0.1:${ports[index]}`;
const jsonInit = (method: string, headers: Record<string, string>, body: unknown): RequestInit => ({
  method,
  headers: { ...headers, "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function signUpAs(baseUrl: string, email: string): Promise<Shopper> {
  const response = await fetch(
    `${baseUrl}/api/auth/sign-up/email`,
    jsonInit(
      "POST",
      { origin: baseUrl },
      {
        name: "Proxy Admin",
        email,
        password: TEST_PASSWORD,
      },
    ),
  );
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // ADMIN_EMAILS makes an admin of a verified address: open the link, which any instance mailed.
  const { link } = await waitForMail(email, VERIFICATION_SUBJECT, allOutput);
  const verified = await fetch(link, { redirect: "manual" });
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  return { email, headers: { authorization: `Bearer ${response.headers.get("set-auth-token")}` } };
}

/** What every instance logged: the outbox's mails are logged by whichever instance sent them. */
const allOutput = () => instances.map((instance) => instance.output()).join("\n");

/** The shop as a client sees it: nginx's address, and every instance's log for the mails. */
const behindNginx = (): ShopProcess => ({
  baseUrl: nginx.baseUrl,
  child: instances[0]!.child,
  output: allOutput,
  stop: async () => null,
});

beforeAll(async () => {
  await run("psql", [POSTGRES, "-qc", `create database ${databaseName}`]);
  folder = await mkdtemp(path.join(tmpdir(), "shop-behind-nginx-"));
  const nginxPort = await freePort();
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  environment = (index) => ({
    PORT: String(ports[index]),
    BASE_URL: `http://127.0.0.1:${nginxPort}`,
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: "behind-nginx-secret-that-is-long-enough-0123456789",
    REDIS_URL: REDIS,
    TRUST_PROXY: "127.0.0.1",
    DATA_DIR: path.join(folder, `instance-${index + 1}`),
    ADMIN_EMAILS: ADMIN_EMAIL,
    // Every client of this test comes from 127.0.0.1.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    WRITE_RATE_LIMIT_PER_MINUTE: "100000",
  });
  // The first applies the migrations, then the other two start.
  instances.push(await startShop(environment(0)));
  instances.push(...(await Promise.all([startShop(environment(1)), startShop(environment(2))])));
  nginx = await startNginx(ports, nginxPort);

  admin = await signUpAs(nginx.baseUrl, ADMIN_EMAIL);
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "lamp.png");
  // Uploaded on the first instance only.
  const upload = await fetch(`${direct(0)}/api/uploads`, {
    method: "POST",
    headers: admin.headers,
    body: form,
  });
  expect(upload.status).toBe(201);
  imagePath = ((await upload.json()) as { path: string }).path;
  const product = await fetch(
    `${direct(1)}/api/addproduct`,
    jsonInit("POST", admin.headers, {
      productname: "Proxy Desk Lamp",
      price: "40.00",
      catagory: "gadgets",
      description: "A lamp that lights three instances at once.",
      image: imagePath,
      stock: 100000,
    }),
  );
  expect(product.status).toBe(201);
  productId = ((await product.json()) as { _id: string })._id;
}, 120_000);

afterAll(async () => {
  for (const instance of instances) await instance.stop().catch(() => undefined);
  await nginx?.stop();
  await run("psql", [POSTGRES, "-qc", `drop database if exists ${databaseName} with (force)`]).catch(
    () => undefined,
  );
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("three instances behind nginx", () => {
  it("answer through the proxy, with nginx's request id, and the proxy caches static assets", async () => {
    const page = await fetch(`${nginx.baseUrl}/`);
    expect(page.status).toBe(200);
    // nginx's $request_id (32 hex digits) is the shop's: TRUST_PROXY takes it from the proxy.
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const forged = await fetch(`${nginx.baseUrl}/api/health`, { headers: { "x-request-id": "forged" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);

    const asset = /\/assets\/[\w.-]+\.js/.exec(await page.text())?.[0];
    expect(asset).toBeDefined();
    const first = await fetch(`${nginx.baseUrl}${asset}`);
    await first.arrayBuffer();
    const second = await fetch(`${nginx.baseUrl}${asset}`);
    await second.arrayBuffer();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get("x-cache-status")).toMatch(/MISS|HIT/);
    expect(second.headers.get("x-cache-status")).toBe("HIT");
  });

  it("serve an image uploaded on one from every instance, and nginx caches it", async () => {
    const bytes: Buffer[] = [];
    for (const base of [direct(0), direct(1), direct(2)]) {
      const served = await fetch(`${base}${imagePath}`);
      expect(served.status, base).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      bytes.push(Buffer.from(await served.arrayBuffer()));
    }
    expect(bytes[1]!.equals(bytes[0]!) && bytes[2]!.equals(bytes[0]!)).toBe(true);
    const statuses = [];
    for (let i = 0; i < 2; i++) {
      const proxied = await fetch(`${nginx.baseUrl}${imagePath}`);
      expect(Buffer.from(await proxied.arrayBuffer()).equals(bytes[0]!)).toBe(true);
      statuses.push(proxied.headers.get("x-cache-status"));
    }
    expect(statuses[1]).toBe("HIT");
  });

  it("show the uploaded image on the product page in a browser, through nginx (375 and 1280 px)", async () => {
    const browser = await launchBrowser();
    try {
      for (const viewport of Object.values(VIEWPORTS)) {
        const context = await browser.newContext({
          viewport,
          baseURL: nginx.baseUrl,
          reducedMotion: "reduce",
        });
        await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
        await signUpThroughApi(context.request, nginx.baseUrl, newAccount("proxy-browser"));
        const page = await context.newPage();
        await page.goto(`/aboutproduct/${productId}`);
        const image = page.getByRole("img", { name: "Proxy Desk Lamp" }).first();
        await image.waitFor();
        await page.waitForFunction(
          (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
          await image.elementHandle(),
        );
        expect(await image.evaluate((element) => (element as HTMLImageElement).currentSrc)).toContain(
          "/uploads/",
        );
        await screenshot(page, `behind-nginx-product-${viewport.width}`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });

  it("let a shopper sign in on one instance and shop on the others", async () => {
    const shopper = await signUp(behindNginx(), "proxy-shopper");
    // The browser's origin is the proxy's, whichever instance answers.
    const signIn = await fetch(
      `${direct(1)}/api/auth/sign-in/email`,
      jsonInit("POST", { origin: nginx.baseUrl }, { email: shopper.email, password: TEST_PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    const headers = { authorization: `Bearer ${signIn.headers.get("set-auth-token")}` };
    const added = await fetch(
      `${direct(2)}/api/cart/${productId}`,
      jsonInit("PUT", headers, { quantity: 2 }),
    );
    expect(added.status).toBe(200);
    const lineId = ((await added.json()) as { _id: string })._id;
    const cart = await fetch(`${direct(0)}/api/carts/${encodeURIComponent(shopper.email)}`, { headers });
    expect(((await cart.json()) as { _id: string }[]).map((line) => line._id)).toEqual([lineId]);
    const order = await fetch(
      `${nginx.baseUrl}/api/orders`,
      jsonInit(
        "POST",
        { ...headers, "idempotency-key": randomUUID() },
        {
          lineIds: [lineId],
          delivery: DELIVERY,
          card: CARD_SUCCEEDS,
        },
      ),
    );
    expect(order.status).toBe(201);
  });

  it("show an admin's price change on every instance within a second", async () => {
    const detailOn = (index: number) => fetch(`${direct(index)}/api/productdetail/${productId}`);
    const priceOn = async (index: number) =>
      ((await (await detailOn(index)).json()) as { price: number }).price;
    // Every instance has the old price cached (an answer is kept from its URL's second miss on).
    for (let i = 0; i < 3; i++) {
      expect(await priceOn(i)).toBe(40);
      expect(await priceOn(i)).toBe(40);
      expect((await detailOn(i)).headers.get("x-cache"), `instance ${i}`).toBe("hit");
    }

    const changed = await fetch(
      `${direct(0)}/api/product/${productId}`,
      jsonInit("PUT", admin.headers, {
        productname: "Proxy Desk Lamp",
        price: "35.50",
        catagory: "gadgets",
        description: "A lamp that lights three instances at once.",
        image: imagePath,
      }),
    );
    expect(changed.status).toBe(200);
    const changedAt = performance.now();
    const seenAfterMs = await Promise.all(
      [0, 1, 2].map(async (index) => {
        while ((await priceOn(index)) !== 35.5) {
          if (performance.now() - changedAt > 5_000) return Number.POSITIVE_INFINITY;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return Math.round(performance.now() - changedAt);
      }),
    );
    console.log(`[nginx] new price seen by instances 1-3 after ${seenAfterMs.join(" / ")} ms`);
    for (const ms of seenAfterMs) expect(ms).toBeLessThan(1_000);
  });

  it(
    "lose no request while each instance in turn is stopped (SIGTERM) and started again under load",
    { timeout: 240_000 },
    async () => {
      const base = nginx.baseUrl;
      const shoppers = await Promise.all(
        Array.from({ length: 8 }, (_, n) => signUp(behindNginx(), `rolling${n}`)),
      );
      const outcomes: (Outcome & { what: string })[] = [];
      let loading = true;
      const shop = async (shopper: Shopper) => {
        while (loading) {
          const steps: [string, () => Promise<Outcome>][] = [
            ["list", () => exchange(`${base}/api/products?limit=8`)],
            ["detail", () => exchange(`${base}/api/productdetail/${productId}`)],
            ["image", () => exchange(`${base}${imagePath}`)],
            [
              "cart",
              () =>
                exchange(`${base}/api/carts/${encodeURIComponent(shopper.email)}`, {
                  headers: shopper.headers,
                }),
            ],
          ];
          for (const [what, step] of steps) outcomes.push({ what, ...(await step()) });
          const added = await exchange(
            `${base}/api/cart/${productId}`,
            jsonInit("PUT", shopper.headers, { quantity: 1 }),
          );
          outcomes.push({ what: "add", ...added });
          if (added.status !== 200) continue;
          const lineId = (JSON.parse(added.body) as { _id: string })._id;
          const order = await exchange(
            `${base}/api/orders`,
            jsonInit(
              "POST",
              { ...shopper.headers, "idempotency-key": randomUUID() },
              {
                lineIds: [lineId],
                delivery: DELIVERY,
                card: CARD_SUCCEEDS,
              },
            ),
          );
          outcomes.push({ what: "order", ...order });
        }
      };
      onTestFailed(() => {
        for (const instance of instances)
          console.log(`[nginx] instance output:\n${instance.output().slice(-3_000)}`);
        console.log(`[nginx] nginx output:\n${nginx.output().slice(-3_000)}`);
      });

      const started = performance.now();
      const load = Promise.all(shoppers.map(shop));
      await sleep(1_500);
      const restarts: string[] = [];
      for (let index = 0; index < 3; index++) {
        const stopping = performance.now();
        const exitCode = await instances[index]!.stop();
        const stoppedMs = Math.round(performance.now() - stopping);
        expect(exitCode).toBe(0);
        instances[index] = await startShop(environment(index));
        restarts.push(
          `#${index + 1} drained in ${stoppedMs} ms, back after ${Math.round(performance.now() - stopping)} ms`,
        );
        await sleep(1_500);
      }
      loading = false;
      await load;
      const seconds = (performance.now() - started) / 1000;

      const failed = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
      const orders = outcomes.filter((outcome) => outcome.what === "order" && outcome.status === 201).length;
      console.log(
        `[nginx] rolling restart: ${outcomes.length} requests in ${seconds.toFixed(1)} s (${Math.round(outcomes.length / seconds)}/s), ${orders} orders, ${failed.length} failed; ${restarts.join("; ")}`,
      );
      expect(
        failed.map(
          (outcome) => `${outcome.what} ${outcome.status} ${outcome.error ?? outcome.body.slice(0, 120)}`,
        ),
      ).toEqual([]);
      expect(orders).toBeGreaterThan(0);
    },
  );
});
