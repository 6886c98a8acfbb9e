import type { Product } from "@shop/contract/catalogue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { products } from "../db/schema";

let context: TestContext;
const insertedAt = Date.now();

beforeAll(async () => {
  context = await createTestApp();
  const rows = [
    { name: "Linen Summer Dress", category: "womans" as const, priceCents: 4999 },
    { name: "Silver Mesh Watch", category: "womans" as const, priceCents: 12900 },
    { name: "Trail Running Sneaker", category: "shoes" as const, priceCents: 8950 },
    { name: "Chelsea Leather Boot", category: "shoes" as const, priceCents: 15000 },
    { name: "Noise Cancelling Headphones", category: "gadgets" as const, priceCents: 19999 },
    { name: "Chronograph Field Watch", category: "mans" as const, priceCents: 21000 },
    { name: "100% Cotton Tee_Special", category: "mans" as const, priceCents: 1500 },
  ];
  await context.database.db.insert(products).values(
    rows.map((row, index) => ({
      ...row,
      description: `${row.name}: a test product.`,
      image: "/demo/products/test.svg",
      stock: 10,
      createdAt: new Date(insertedAt - index * 1000),
    })),
  );
});
afterAll(() => context.close());

async function getJson(url: string) {
  const response = await context.app.inject({ method: "GET", url });
  return { response, body: response.json() };
}

describe("GET /api/products", () => {
  it("lists products newest first with prices in dollars and the total in X-Total-Count", async () => {
    const { response, body } = await getJson("/api/products");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("7");
    expect(body.map((product: Product) => product.productname)[0]).toBe("Linen Summer Dress");
    expect(body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      productname: "Linen Summer Dress",
      price: 49.99,
      priceMax: 49.99,
      compareAtPrice: null,
      savingPercent: 0,
      saleEndsAt: null,
      variantCount: 1,
      catagory: "womans",
      description: "Linen Summer Dress: a test product.",
      image: "/demo/products/test.svg",
      stock: 10,
      ratingCount: 0,
      ratingAverage: 0,
    });
  });

  it("pages with limit and offset without overlap", async () => {
    const first = (await getJson("/api/products?limit=3&offset=0")).body as Product[];
    const second = (await getJson("/api/products?limit=3&offset=3")).body as Product[];
    const third = (await getJson("/api/products?limit=3&offset=6")).body as Product[];
    const ids = [...first, ...second, ...third].map((product) => product._id);
    expect(first).toHaveLength(3);
    expect(third).toHaveLength(1);
    expect(new Set(ids).size).toBe(7);
  });

  it("tells the full count on every page, also one past the end", async () => {
    for (const offset of [0, 6, 9]) {
      const { response } = await getJson(`/api/products?limit=3&offset=${offset}`);
      expect(response.headers["x-total-count"], `offset ${offset}`).toBe("7");
    }
    const { response, body } = await getJson("/api/products?q=watch&offset=5");
    expect(body).toEqual([]);
    expect(response.headers["x-total-count"]).toBe("2");
  });

  it("searches names case-insensitively, with uppercase input too", async () => {
    const { response, body } = await getJson("/api/products?q=WATCH");
    expect(response.headers["x-total-count"]).toBe("2");
    expect(body.map((product: Product) => product.productname).sort()).toEqual([
      "Chronograph Field Watch",
      "Silver Mesh Watch",
    ]);
  });

  it.each([
    ["%", ["100% Cotton Tee_Special"]],
    ["_", ["100% Cotton Tee_Special"]],
    ["' OR 1=1 --", []],
    ["'; drop table products; --", []],
    ["\\", []],
  ])("treats the hostile search %j as plain text", async (q, expected) => {
    const { response, body } = await getJson(`/api/products?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    expect(body.map((product: Product) => product.productname)).toEqual(expected);
  });

  it.each(["limit=0", "limit=101", "limit=abc", "offset=-1", "catagory=hats"])(
    "answers 400 problem+json for %s",
    async (query) => {
      const response = await context.app.inject({ method: "GET", url: `/api/products?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.json()).toMatchObject({ status: 400, title: "Bad Request" });
    },
  );
});

describe("category calls", () => {
  it.each([
    ["/api/womans/?catagory=womans", ["Linen Summer Dress", "Silver Mesh Watch"]],
    ["/api/mans/?catagory=mans", ["Chronograph Field Watch", "100% Cotton Tee_Special"]],
    ["/api/shoes/?catagory=shoes", ["Trail Running Sneaker", "Chelsea Leather Boot"]],
    ["/api/gadget/?catagory=gadgets", ["Noise Cancelling Headphones"]],
    ["/api/shoes", ["Trail Running Sneaker", "Chelsea Leather Boot"]],
    ["/api/mans/?catagory=mans&q=watch", ["Chronograph Field Watch"]],
  ])("%s lists only that category", async (url, names) => {
    const { response, body } = await getJson(url);
    expect(response.statusCode).toBe(200);
    expect(body.map((product: Product) => product.productname)).toEqual(names);
    expect(response.headers["x-total-count"]).toBe(String(names.length));
  });
});

describe("GET /api/productdetail/:id", () => {
  it("answers one product: the list's fields plus its one default variant and its gallery", async () => {
    const [listed] = (await getJson("/api/products?limit=1")).body as Product[];
    const { response, body } = await getJson(`/api/productdetail/${listed!._id}`);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({
      ...listed,
      saleStartsAt: null,
      status: "active",
      publishAt: null,
      options: [],
      variants: [
        {
          _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          options: {},
          price: listed!.price,
          compareAtPrice: null,
          savingPercent: 0,
          salePrice: null,
          stock: listed!.stock,
          images: [listed!.image],
        },
      ],
      images: [{ url: listed!.image, optionValue: null }],
    });
  });

  it("answers 404 problem for an unknown id", async () => {
    const { response, body } = await getJson("/api/productdetail/00000000-0000-4000-8000-000000000000");
    expect(response.statusCode).toBe(404);
    expect(body).toMatchObject({ status: 404, detail: "No product has this id." });
  });

  it.each(["not-a-uuid", "1", "%27%20OR%201%3D1"])("answers 400 for the malformed id %s", async (id) => {
    const { response } = await getJson(`/api/productdetail/${id}`);
    expect(response.statusCode).toBe(400);
  });
});
