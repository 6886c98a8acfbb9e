import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
// The shop's own embedded database: demo testimonials have no writer, so the test writes hostile
// ones straight into the stopped shop's data folder (shoppers' reviews go through the API).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, uniqueEmail } from "../support/accounts";
import { launchBrowser, VIEWPORTS } from "../support/browser";
import { verifyAddress } from "../support/mail";
import { copyShopTemplate, freePort, startShop, type ShopProcess } from "../support/server-process";

/**
 * Stored XSS, in Chromium: HTML and script payloads are stored in every text a user or an admin
 * can write (product names and descriptions, testimonials, product review titles and texts,
 * moderation reasons, account names, profile fields, delivery details) and every page that shows
 * them is visited. A payload must show as text and
 * nothing may run or be built from it: no dialog, no `window.__xss`, no element it describes.
 * Runs on a shop of its own, so the shared shop's catalogue stays clean for the other tests.
 */

const ADMIN_EMAIL = "xssadmin@shop.com";
/** A word every hostile product name contains: the search finds them all. */
const SEARCH_WORD = "Zebrawood";

const PRODUCTS = [
  {
    productname: `${SEARCH_WORD} <img src=x onerror="window.__xss=1;alert(1)">`,
    description: `<img src=x onerror="window.__xss=1;alert(1)"> dive watch <b data-xss-probe>bold</b>`,
  },
  {
    productname: `${SEARCH_WORD} "><svg onload=window.__xss=1> <script>window.__xss=1</script>`,
    description: `"><svg onload="window.__xss=1;alert(1)"></svg><script>alert(1)</script>`,
  },
  {
    productname: `${SEARCH_WORD} javascript:window.__xss=1 <iframe src="javascript:alert(1)">`,
    description: `<a href="javascript:window.__xss=1">click</a> <iframe srcdoc="<script>parent.__xss=1</script>">`,
  },
].map((product) => ({
  ...product,
  price: "19.99",
  catagory: "mans",
  image: "/demo/products/essential-crew-t-shirt.svg",
  stock: 50,
}));

const SHOPPER_NAME = `<img src=x onerror=window.__xss=1> Mallory`;
const PROFILE = {
  qualification: `"><svg onload=window.__xss=1> MSc`,
  city: `<script>window.__xss=1</script> Dhaka`,
  phone: "+8801711000000",
};
const DELIVERY = {
  name: `<img src=x onerror="alert(1)"> Mal`,
  address: `"><svg onload=alert(1)> 12 Harbour Road`,
  city: `javascript:alert(1) <script>alert(1)</script>`,
  phone: "+8801711000000",
};
const REVIEWS = [
  { name: `<img src=x onerror=window.__xss=1> Rita`, review: `<script>window.__xss=1</script> Great shop` },
  { name: `"><svg onload=window.__xss=1> Sam`, review: `<img src=x onerror="alert(1)"> Fast delivery` },
  { name: `javascript:alert(1) Tom`, review: `<iframe src="javascript:alert(1)"></iframe> Nice watches` },
];

const PRODUCT_REVIEW = {
  rating: 5,
  title: `<img src=x onerror=window.__xss=1> Lovely`,
  text: `<script>window.__xss=1</script> "><svg onload=alert(1)> Keeps time`,
};
const TESTIMONIAL = `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe> Came in two days`;
const MODERATION_REASON = `<b data-xss-probe>bold</b> <img src=x onerror=alert(1)> reason`;

/** Elements a payload would have made, had it been parsed as HTML rather than shown as text. */
const INJECTED_ELEMENTS = [
  'img[src="x"]',
  "[onerror]",
  "[onload]",
  "svg[onload]",
  "iframe",
  "script:not([src])",
  'a[href^="javascript:" i]',
  "[data-xss-probe]",
].join(", ");

let dataDir: string;
let shop: ShopProcess;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let shopper: { context: BrowserContext; page: Page; email: string };
let productIds: string[];
let orderId: string;

async function newContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    baseURL: shop.baseUrl,
    reducedMotion: "reduce",
  });
  await context.route(/^(?!http:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => route.abort());
  const page = await context.newPage();
  return { context, page };
}

/** A JSON request from the context (its cookies) with the shop's own Origin; fails on an error status. */
async function send(context: BrowserContext, method: string, url: string, data?: object) {
  const response = await context.request.fetch(url, {
    method,
    headers: { Origin: shop.baseUrl, "Idempotency-Key": randomUUID() },
    ...(data ? { data } : {}),
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function insertReviews() {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    for (const [index, review] of REVIEWS.entries()) {
      // Newer than the demo reviews, so they are the first three (the home page shows three).
      await db.query(
        `insert into reviews (name, review, image, created_at) values ($1, $2, $3, now() + ($4 || ' minutes')::interval)`,
        [review.name, review.review, "/demo/avatars/avatar-6.svg", String(REVIEWS.length - index)],
      );
    }
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shop-e2e-xss-"));
  const port = await freePort();
  const env = {
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ADMIN_EMAILS: ADMIN_EMAIL,
    AUTH_RATE_LIMIT_PER_IP: "100000",
    WRITE_RATE_LIMIT_PER_MINUTE: "100000",
  };
  // The hostile reviews go into a copy of the demo shop's database before the shop starts.
  await copyShopTemplate(dataDir);
  await insertReviews();
  shop = await startShop(env);
  browser = await launchBrowser();

  admin = await newContext();
  await send(admin.context, "POST", "/api/auth/sign-up/email", {
    name: "Xss Admin",
    email: ADMIN_EMAIL,
    password: TEST_PASSWORD,
  });
  // ADMIN_EMAILS counts once the address is verified.
  await verifyAddress(admin.context.request, ADMIN_EMAIL, () => shop.output());
  productIds = [];
  for (const product of PRODUCTS) {
    productIds.push(((await send(admin.context, "POST", "/api/addproduct", product)) as { _id: string })._id);
  }

  const { context, page } = await newContext();
  const email = uniqueEmail("mallory");
  shopper = { context, page, email };
  await send(context, "POST", "/api/auth/sign-up/email", {
    name: SHOPPER_NAME,
    email,
    password: TEST_PASSWORD,
  });
  await verifyAddress(context.request, email, () => shop.output());
  await send(context, "PUT", `/api/profile/${email}`, { ...PROFILE, email });
  for (const id of productIds) await send(context, "PUT", `/api/cart/${id}`, { quantity: 1 });
  const lines = (await send(context, "GET", `/api/carts/${email}`)) as { _id: string; productId: string }[];
  const firstLine = lines.find((line) => line.productId === productIds[0])!;
  const order = (await send(context, "POST", "/api/orders", {
    lineIds: [firstLine._id],
    delivery: DELIVERY,
    card: { number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" },
  })) as { _id: string };
  orderId = order._id;

  // Delivered, so the shopper reviews the product and writes a testimonial; an admin hides and
  // restores the review with a hostile reason, which the shopper's My Reviews shows.
  for (const status of ["shipped", "delivered"]) {
    await send(admin.context, "PATCH", `/api/admin/orders/${orderId}`, { status });
  }
  const review = (await send(context, "POST", `/api/products/${productIds[0]}/reviews`, PRODUCT_REVIEW)) as {
    _id: string;
  };
  await send(context, "POST", "/api/reviews", { review: TESTIMONIAL });
  await send(admin.context, "PATCH", `/api/admin/reviews/product/${review._id}`, {
    hidden: true,
    reason: MODERATION_REASON,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * Opens `url` in `page`, waits until every text in `texts` shows, and checks that nothing ran:
 * no dialog, no `window.__xss`, no element built from a payload.
 */
async function expectShownAsText(page: Page, url: string, texts: string[]) {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  try {
    await page.goto(url);
    const missing: string[] = [];
    for (const text of texts) {
      // Once one is missing the page has settled: the rest need no long wait.
      const timeout = missing.length ? 2_000 : 30_000;
      await page
        .getByText(text, { exact: false })
        .first()
        .waitFor({ state: "visible", timeout })
        .catch(() => missing.push(text));
    }
    // An injected <img src=x> fails to load at once; give any handler a moment to fire.
    await page.waitForLoadState("networkidle");
    expect(dialogs, `dialogs on ${url}`).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `window.__xss on ${url}`).toBe(
      undefined,
    );
    const injected = await page.evaluate(
      (selector) =>
        [...document.querySelectorAll(selector)].map((element) => element.outerHTML.slice(0, 120)),
      INJECTED_ELEMENTS,
    );
    expect(injected, `elements built from a payload on ${url}`).toEqual([]);
    expect(missing, `payloads not shown as text on ${url}`).toEqual([]);
  } finally {
    page.off("dialog", onDialog);
  }
}

const names = PRODUCTS.map((product) => product.productname);

describe("stored payloads show as text, and nothing runs", () => {
  it("on the home page (best sellers and testimonials)", async () => {
    await expectShownAsText(shopper.page, "/", [
      ...names,
      ...REVIEWS.map((review) => review.review),
      ...REVIEWS.map((review) => review.name),
    ]);
  });

  it("on the testimonials page", async () => {
    await expectShownAsText(shopper.page, "/review", [
      ...REVIEWS.map((review) => review.review),
      ...REVIEWS.map((review) => review.name),
      TESTIMONIAL,
      SHOPPER_NAME,
    ]);
  });

  it("in product reviews: the product page, My Reviews and the admin's moderation list", async () => {
    // Hidden with a hostile reason (the shopper's My Reviews shows it), then shown again.
    await expectShownAsText(shopper.page, "/dashboard/review", [
      PRODUCT_REVIEW.title,
      PRODUCT_REVIEW.text,
      MODERATION_REASON,
      TESTIMONIAL,
    ]);
    await expectShownAsText(admin.page, "/dashboard/moderation", [
      PRODUCT_REVIEW.title,
      PRODUCT_REVIEW.text,
      MODERATION_REASON,
      SHOPPER_NAME,
    ]);
    const [review] = (await send(shopper.context, "GET", "/api/my-reviews")).productReviews as {
      _id: string;
    }[];
    await send(admin.context, "PATCH", `/api/admin/reviews/product/${review!._id}`, {
      hidden: false,
      reason: MODERATION_REASON,
    });
    await expectShownAsText(shopper.page, `/aboutproduct/${productIds[0]}`, [
      PRODUCT_REVIEW.title,
      PRODUCT_REVIEW.text,
      SHOPPER_NAME,
    ]);
  });

  it("on a category page", async () => {
    await expectShownAsText(shopper.page, "/man", names);
  });

  it("in search results, and with a payload as the search text", async () => {
    await expectShownAsText(shopper.page, `/products?q=${SEARCH_WORD}`, names);
    const typed = `<img src=x onerror="window.__xss=1;alert(1)">`;
    await expectShownAsText(shopper.page, `/products?q=${encodeURIComponent(typed)}`, [typed]);
  });

  it("on each product's page, with its description", async () => {
    for (const [index, product] of PRODUCTS.entries()) {
      await expectShownAsText(shopper.page, `/aboutproduct/${productIds[index]}`, [
        product.productname,
        product.description,
      ]);
    }
  });

  it("in the cart and at checkout", async () => {
    await expectShownAsText(shopper.page, "/cart", names.slice(1));
    await expectShownAsText(shopper.page, "/checkout", names.slice(1));
  });

  it("in the shopper's orders and the order confirmation", async () => {
    await expectShownAsText(shopper.page, `/checkout/confirmation/${orderId}`, [names[0]!]);
    // The list shows item counts and pictures; the text from a user there is the dashboard's welcome.
    await expectShownAsText(shopper.page, "/dashboard/orders", [SHOPPER_NAME]);
    await expectShownAsText(shopper.page, `/dashboard/orders/${orderId}`, [
      names[0]!,
      DELIVERY.name,
      DELIVERY.address,
      DELIVERY.city,
    ]);
  });

  it("on the dashboard's profile card and the profile form", async () => {
    await expectShownAsText(shopper.page, "/dashboard", [SHOPPER_NAME, PROFILE.qualification, PROFILE.city]);
    await expectShownAsText(shopper.page, "/dashboard/editprofile", []);
    const form = shopper.page.getByRole("main");
    expect(await form.getByLabel(/qualification/i).inputValue()).toBe(PROFILE.qualification);
    expect(await form.getByLabel(/city/i).inputValue()).toBe(PROFILE.city);
  });

  it("on the admin's users, products and orders", async () => {
    await expectShownAsText(admin.page, "/dashboard/allusers", [SHOPPER_NAME]);
    await expectShownAsText(admin.page, "/dashboard/manageproduct", names);
    await expectShownAsText(admin.page, "/dashboard/allorders", [shopper.email]);
    await expectShownAsText(admin.page, `/dashboard/orders/${orderId}`, [
      names[0]!,
      DELIVERY.name,
      DELIVERY.address,
      DELIVERY.city,
    ]);
  });

  it("the check itself sees an element built from a payload (a deliberate one)", async () => {
    // Guards the guard: the same selector finds markup that was parsed rather than shown.
    await shopper.page.goto("/blog");
    await shopper.page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", '<img src="x" onerror="window.__xss=1">');
    });
    const found = await shopper.page.evaluate(
      (selector) => document.querySelectorAll(selector).length,
      INJECTED_ELEMENTS,
    );
    expect(found).toBe(1);
    // And the Content-Security-Policy keeps even that handler from running.
    await shopper.page.waitForLoadState("networkidle");
    expect(await shopper.page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBe(undefined);
  });
});

describe("image addresses that could run script are refused", () => {
  it("for a product image and the shopper's avatar, with 400", async () => {
    for (const image of ["javascript:window.__xss=1", "data:text/html,<script>alert(1)</script>"]) {
      const product = await admin.context.request.post("/api/addproduct", {
        headers: { Origin: shop.baseUrl },
        data: { ...PRODUCTS[0], image },
      });
      expect(product.status()).toBe(400);
      const avatar = await shopper.context.request.post("/api/auth/update-user", {
        headers: { Origin: shop.baseUrl },
        data: { image },
      });
      expect(avatar.status()).toBe(400);
    }
  });
});
