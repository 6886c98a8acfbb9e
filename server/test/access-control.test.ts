import { randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "./support/accounts";
import { insertProduct } from "./support/catalogue";
import { multipartFile } from "./support/multipart";
import { createTestApp, type TestContext } from "./support/test-app";

/**
 * DESIGN's authorization table, route by route: what an anonymous visitor, the owner of the
 * resource (a shopper), another shopper and an admin get. A route missing here fails the test.
 */
type Caller = "anonymous" | "owner" | "other" | "admin";
type Expected = Record<Caller, number>;

const PUBLIC: Expected = { anonymous: 200, owner: 200, other: 200, admin: 200 };
const OWNER_OR_ADMIN: Expected = { anonymous: 401, owner: 200, other: 403, admin: 200 };
const ADMIN_ONLY: Expected = { anonymous: 401, owner: 403, other: 403, admin: 200 };

interface Fixtures {
  ownerEmail: string;
  productId: string;
  /** Fresh per call: routes that consume what they act on get their own. */
  newCartLine(): Promise<string>;
  newOrder(): Promise<string>;
  newProduct(): Promise<string>;
  newShopperEmail(): Promise<string>;
  pngUpload(): Promise<{ payload: Buffer; headers: Record<string, string> }>;
}

interface RouteCase {
  method: string;
  url: string;
  expected: Expected;
  request(fixtures: Fixtures): Promise<InjectOptions>;
}

const product = {
  productname: "Sweep Product",
  price: "10.00",
  catagory: "gadgets",
  description: "Made by the access sweep.",
  image: "https://images.example.com/p.webp",
};
const checkout = (lineIds: string[]) => ({
  lineIds,
  delivery: { name: "Ann", address: "1 Road", city: "Dhaka", phone: "12345678" },
  card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
});

const ROUTES: RouteCase[] = [
  { method: "GET", url: "/api/health", expected: PUBLIC, request: async () => ({ url: "/api/health" }) },
  { method: "GET", url: "/api/docs", expected: PUBLIC, request: async () => ({ url: "/api/docs" }) },
  {
    method: "GET",
    url: "/api/auth-providers",
    expected: PUBLIC,
    request: async () => ({ url: "/api/auth-providers" }),
  },
  { method: "GET", url: "/api/products", expected: PUBLIC, request: async () => ({ url: "/api/products" }) },
  {
    method: "GET",
    url: "/api/womans",
    expected: PUBLIC,
    request: async () => ({ url: "/api/womans/?catagory=womans" }),
  },
  {
    method: "GET",
    url: "/api/mans",
    expected: PUBLIC,
    request: async () => ({ url: "/api/mans/?catagory=mans" }),
  },
  {
    method: "GET",
    url: "/api/shoes",
    expected: PUBLIC,
    request: async () => ({ url: "/api/shoes/?catagory=shoes" }),
  },
  {
    method: "GET",
    url: "/api/gadget",
    expected: PUBLIC,
    request: async () => ({ url: "/api/gadget/?catagory=gadgets" }),
  },
  {
    method: "GET",
    url: "/api/products/best-sellers",
    expected: PUBLIC,
    request: async () => ({ url: "/api/products/best-sellers" }),
  },
  {
    method: "GET",
    url: "/api/productdetail/:productId",
    expected: PUBLIC,
    request: async (f) => ({ url: `/api/productdetail/${f.productId}` }),
  },
  { method: "GET", url: "/api/reviews", expected: PUBLIC, request: async () => ({ url: "/api/reviews" }) },
  {
    method: "GET",
    url: "/api/payment-info",
    expected: PUBLIC,
    request: async () => ({ url: "/api/payment-info" }),
  },
  {
    method: "PUT",
    url: "/api/user/:email",
    // The token is handed only to its own account, admins included.
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: async (f) => ({ method: "PUT", url: `/api/user/${f.ownerEmail}` }),
  },
  {
    method: "GET",
    url: "/api/admin/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({ url: `/api/admin/${f.ownerEmail}` }),
  },
  {
    method: "GET",
    url: "/api/updateprofile/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({ url: `/api/updateprofile/${f.ownerEmail}` }),
  },
  {
    method: "PUT",
    url: "/api/profile/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({
      method: "PUT",
      url: `/api/profile/${f.ownerEmail}`,
      payload: { qualification: "BSc", city: "Dhaka", phone: "12345678" },
    }),
  },
  {
    method: "PUT",
    url: "/api/cart/:productId",
    // Anyone signed in adds to their own cart.
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
    request: async (f) => ({ method: "PUT", url: `/api/cart/${f.productId}`, payload: { quantity: 1 } }),
  },
  {
    method: "GET",
    url: "/api/carts/:email",
    expected: OWNER_OR_ADMIN,
    request: async (f) => ({ url: `/api/carts/${f.ownerEmail}` }),
  },
  {
    method: "DELETE",
    url: "/api/cart/:cartLineId",
    // Another shopper's line does not exist for them.
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({ method: "DELETE", url: `/api/cart/${await f.newCartLine()}` }),
  },
  {
    method: "POST",
    url: "/api/orders",
    // Only the owner's cart lines can be bought; the others find none of theirs.
    expected: { anonymous: 401, owner: 201, other: 409, admin: 409 },
    request: async (f) => ({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": randomUUID() },
      payload: checkout([await f.newCartLine()]),
    }),
  },
  {
    method: "GET",
    url: "/api/orders",
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
    request: async () => ({ url: "/api/orders" }),
  },
  {
    method: "GET",
    url: "/api/orders/:orderId",
    expected: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async (f) => ({ url: `/api/orders/${await f.newOrder()}` }),
  },
  {
    method: "GET",
    url: "/api/admin/orders",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/admin/orders" }),
  },
  {
    method: "PATCH",
    url: "/api/admin/orders/:orderId",
    expected: ADMIN_ONLY,
    request: async (f) => ({
      method: "PATCH",
      url: `/api/admin/orders/${await f.newOrder()}`,
      payload: { status: "shipped" },
    }),
  },
  {
    method: "GET",
    url: "/api/alluser",
    expected: ADMIN_ONLY,
    request: async () => ({ url: "/api/alluser" }),
  },
  {
    method: "PUT",
    url: "/api/user/admin/:email",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "PUT", url: `/api/user/admin/${await f.newShopperEmail()}` }),
  },
  {
    method: "DELETE",
    url: "/api/userdelete/:email",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "DELETE", url: `/api/userdelete/${await f.newShopperEmail()}` }),
  },
  {
    method: "POST",
    url: "/api/addproduct",
    expected: { anonymous: 401, owner: 403, other: 403, admin: 201 },
    request: async () => ({ method: "POST", url: "/api/addproduct", payload: product }),
  },
  {
    method: "PUT",
    url: "/api/product/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "PUT", url: `/api/product/${await f.newProduct()}`, payload: product }),
  },
  {
    method: "DELETE",
    url: "/api/deleteproduct/:id",
    expected: ADMIN_ONLY,
    request: async (f) => ({ method: "DELETE", url: `/api/deleteproduct/${await f.newProduct()}` }),
  },
  {
    method: "POST",
    url: "/api/uploads",
    expected: { anonymous: 401, owner: 403, other: 403, admin: 201 },
    request: async (f) => ({ method: "POST", url: "/api/uploads", ...(await f.pngUpload()) }),
  },
];

/** Better Auth's own endpoints: sign-up, sign-in, sessions. Their checks are Better Auth's and auth.test.ts's. */
const DELEGATED = new Set(["GET /api/auth/*", "POST /api/auth/*"]);

let context: TestContext;
let accounts: Record<Exclude<Caller, "anonymous">, TestAccount>;
let fixtures: Fixtures;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["sweep-admin@shop.test"] } });
  accounts = {
    owner: await registerAccount(context.app, "sweep-owner@shop.test"),
    other: await registerAccount(context.app, "sweep-other@shop.test"),
    admin: await registerAccount(context.app, "sweep-admin@shop.test"),
  };
  const productId = await insertProduct(context.database.db, { stock: 100_000 });
  const owner = accounts.owner;
  const newCartLine = async () => {
    const line = await context.app.inject({
      method: "PUT",
      url: `/api/cart/${await insertProduct(context.database.db)}`,
      headers: owner.headers,
      payload: { quantity: 1 },
    });
    return line.json()._id as string;
  };
  fixtures = {
    ownerEmail: owner.email,
    productId,
    newCartLine,
    newOrder: async () => {
      const order = await context.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { ...owner.headers, "idempotency-key": randomUUID() },
        payload: checkout([await newCartLine()]),
      });
      return order.json()._id as string;
    },
    newProduct: () => insertProduct(context.database.db),
    newShopperEmail: async () => (await registerAccount(context.app)).email,
    pngUpload: async () =>
      multipartFile(
        "p.png",
        "image/png",
        await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      ),
  };
});
afterAll(() => context.close());

describe("the access-control table", () => {
  it("covers every API route", () => {
    const registered = context.app.registeredRoutes
      .filter((route) => route.url.startsWith("/api") && route.method !== "HEAD")
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !DELEGATED.has(route));
    const covered = new Set(ROUTES.map((route) => `${route.method} ${route.url}`));
    expect(registered.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
  });

  describe.each(ROUTES)("$method $url", (route) => {
    it.each(["anonymous", "owner", "other", "admin"] as const)("as %s", async (caller) => {
      const options = await route.request(fixtures);
      const headers = {
        ...(options.headers ?? {}),
        ...(caller === "anonymous" ? {} : accounts[caller].headers),
      };
      const response = await context.app.inject({ ...options, headers });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(route.expected[caller]);
    });
  });
});
