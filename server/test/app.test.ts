import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../src/db/seed";
import { createTestApp, type TestContext } from "./support/test-app";

let context: TestContext;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), "shop-web-"));
  await mkdir(path.join(webRoot, "assets"));
  // As large as the built page (2.5 KB): the server writes it per request (its language,
  // decision 041), and answers under 1 KB are not worth compressing.
  await writeFile(
    path.join(webRoot, "index.html"),
    `<!doctype html><html lang="en"><title>Shop</title><!--${"build ".repeat(400)}--><div id=root></div>`,
  );
  await writeFile(path.join(webRoot, "assets", "app-1234.js"), "console.log('shop');".repeat(200));
  context = await createTestApp({ webRoot });
});
afterAll(async () => {
  await context.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe("health", () => {
  it("reports ok and which database answers", async () => {
    const response = await context.app.inject("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: context.database.kind });
  });
});

describe("problems", () => {
  it("answers unknown API paths with a 404 problem", async () => {
    const response = await context.app.inject("/api/no-such-thing");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "No route for GET /api/no-such-thing.",
    });
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it("refuses bodies over the size limit with 413", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ junk: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413 });
  });
});

describe("the single-page app", () => {
  it("serves index.html for deep links, with no-cache", async () => {
    const response = await context.app.inject("/aboutproduct/00000000-0000-4000-8000-000000000000");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("<div id=root>");
  });

  it("serves the page compressed, like everything else", async () => {
    const response = await context.app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers HEAD for a deep link, and other methods with a 404 problem", async () => {
    expect((await context.app.inject({ method: "HEAD", url: "/blog" })).statusCode).toBe(200);
    const post = await context.app.inject({ method: "POST", url: "/blog" });
    expect(post.statusCode).toBe(404);
    expect(post.headers["content-type"]).toContain("application/problem+json");
  });

  it("serves hashed assets compressed and cached for a year", async () => {
    const response = await context.app.inject({
      url: "/assets/app-1234.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing file with 404 rather than the app", async () => {
    const response = await context.app.inject("/assets/missing.js");
    expect(response.statusCode).toBe(404);
  });

  it("sends a Content-Security-Policy that forbids inline scripts", async () => {
    const response = await context.app.inject("/");
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it.each(["/", "/aboutproduct/3f6048fd-2fd2-4ef1-8259-9c95cea5f819", "/api/products"])(
    "the policy on %s forbids inline scripts, eval, plugins, <base> and framing",
    async (url) => {
      const response = await context.app.inject(url);
      const directives = new Map(
        String(response.headers["content-security-policy"])
          .split(";")
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = "", ...sources]) => [name, sources] as const),
      );
      // script-src decides for scripts; default-src would only stand in if it were missing.
      expect(directives.get("script-src")).toEqual(["'self'"]);
      expect(directives.get("script-src-attr")).toEqual(["'none'"]);
      expect(directives.get("default-src")).toEqual(["'self'"]);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("base-uri")).toEqual(["'self'"]);
      expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(directives.get("form-action")).toEqual(["'self'"]);
      for (const [name, sources] of directives) {
        if (name.startsWith("script-src") || name === "default-src") {
          expect(sources, name).not.toContain("'unsafe-inline'");
          expect(sources, name).not.toContain("'unsafe-eval'");
          expect(sources, name).not.toContain("data:");
          expect(sources, name).not.toContain("*");
        }
      }
    },
  );
});

describe("over real HTTP", () => {
  it("answers the API and the app on a listening port", async () => {
    const address = await context.app.listen({ port: 0, host: "127.0.0.1" });
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
    const page = await fetch(`${address}/products`);
    expect(await page.text()).toContain("<title>Shop</title>");
  });
});

describe("demo data", () => {
  it("loads at least 40 products over the four categories once, and only into an empty catalogue", async () => {
    const inserted = await seedDemoData(context.database.db);
    expect(inserted).toBeGreaterThanOrEqual(40);
    // As any write outside the routes must: the catalogue's caches are told.
    await context.app.catalogueChanged();
    expect(await seedDemoData(context.database.db)).toBe(0);

    for (const category of ["womans", "mans", "shoes", "gadgets"]) {
      const response = await context.app.inject(`/api/products?catagory=${category}&limit=1`);
      expect(Number(response.headers["x-total-count"])).toBeGreaterThanOrEqual(8);
    }
    const reviews = await context.app.inject("/api/reviews");
    expect(reviews.json().length).toBeGreaterThanOrEqual(6);
    // The money side of checkout, ready to show: two shipping methods (and WELCOME10, 10 % tax included).
    const methods = await context.app.inject("/api/shipping-methods");
    expect(
      methods.json().map((method: { name: string; price: number }) => [method.name, method.price]),
    ).toEqual([
      ["Standard", 4.99],
      ["Express", 14.99],
    ]);

    // Three products on sale with no end, so a fresh shop shows sale prices and the filter.
    const onSale = await context.app.inject("/api/products?onSale=1&sort=saving");
    expect(
      onSale
        .json()
        .map((product: { productname: string; savingPercent: number }) => [
          product.productname,
          product.savingPercent,
        ]),
    ).toEqual([
      ["Camel Pleated Skirt", 30],
      ["Suede Driving Loafer", 25],
      ["Strappy Summer Sandal", 20],
    ]);
    const skirt = onSale.json()[0];
    expect([skirt.price, skirt.compareAtPrice]).toEqual([27.99, 39.99]);

    // Sizes, colours and galleries: clothing XS–XL, shoes EU 36–46, some colours, some sold out.
    const tee = (await context.app.inject("/api/products?q=Essential%20Crew")).json()[0];
    const detail = (await context.app.inject(`/api/productdetail/${tee._id}`)).json();
    expect(detail.options).toEqual([
      { name: "Size", values: ["XS", "S", "M", "L", "XL"] },
      { name: "Colour", values: ["Navy", "Red", "Green"] },
    ]);
    expect(detail.variants).toHaveLength(15);
    expect(detail.variants.some((variant: { stock: number }) => variant.stock === 0)).toBe(true);
    const red = detail.variants.find(
      (variant: { options: Record<string, string> }) => variant.options.Colour === "Red",
    );
    expect(red.images[0]).toBe("/demo/products/essential-crew-t-shirt--red.svg");
    const boot = (await context.app.inject("/api/products?q=Chelsea")).json()[0];
    expect(boot).toMatchObject({ variantCount: 11 });
    expect(boot.priceMax).toBeGreaterThan(boot.price);
    const shoe = (await context.app.inject(`/api/productdetail/${boot._id}`)).json();
    expect(shoe.options[0].values).toEqual([
      "36",
      "37",
      "38",
      "39",
      "40",
      "41",
      "42",
      "43",
      "44",
      "45",
      "46",
    ]);
  });
});
