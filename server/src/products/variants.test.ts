import { randomUUID } from "node:crypto";
import type { CartLine } from "@shop/contract/cart";
import type { ProductDetail } from "@shop/contract/variants";
import type { Order } from "@shop/contract/orders";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { products, productVariants } from "../db/schema";
import { TEST_CARD_SUCCEEDS } from "../payments/test-provider";

let context: TestContext;
let admin: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
});
afterAll(() => context.close());

const delivery = { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" };
const SIZES = ["XS", "S", "M", "L", "XL"];

/** A dress in five sizes (M dearer), S sold out, with a second picture for the red colour. */
async function newDress(stockOfM = 10) {
  const productId = await insertProduct(context.database.db, { name: "Linen Dress", category: "womans" });
  const response = await context.app.inject({
    method: "PUT",
    url: `/api/admin/products/${productId}/variants`,
    headers: admin.headers,
    payload: {
      options: [
        { name: "Size", values: SIZES },
        { name: "Colour", values: ["Red"] },
      ],
      variants: SIZES.map((size) => ({
        options: { Size: size, Colour: "Red" },
        price: size === "M" ? "59.00" : "49.00",
        stock: size === "S" ? 0 : size === "M" ? stockOfM : 7,
      })),
    },
  });
  expect(response.statusCode).toBe(200);
  const images = await context.app.inject({
    method: "PUT",
    url: `/api/admin/products/${productId}/images`,
    headers: admin.headers,
    payload: {
      images: [
        { url: "/demo/products/dress-front.svg" },
        { url: "/demo/products/dress-back.svg" },
        { url: "/demo/products/dress-red.svg", optionValue: "Red" },
      ],
    },
  });
  expect(images.statusCode).toBe(200);
  const detail = images.json() as ProductDetail;
  const variantOf = (size: string) => detail.variants.find((variant) => variant.options.Size === size)!;
  return { productId, detail, variantOf };
}

const add = (account: TestAccount, productId: string, payload: object) =>
  context.app.inject({ method: "PUT", url: `/api/cart/${productId}`, headers: account.headers, payload });

const checkout = (account: TestAccount, lineIds: string[], idempotencyKey = randomUUID()) =>
  context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...account.headers, "idempotency-key": idempotencyKey },
    payload: { lineIds, delivery, card: { number: TEST_CARD_SUCCEEDS, expiry: "12/39", cvc: "123" } },
  });

const productRow = async (productId: string) =>
  (await context.database.db.select().from(products).where(eq(products.id, productId)))[0]!;
const variantStocks = async (productId: string) =>
  Object.fromEntries(
    (
      await context.database.db
        .select({ values: productVariants.optionValues, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
    ).map((row) => [row.values[0], row.stock]),
  );

describe("options and variants", () => {
  it("keeps the product's price as the lowest variant price, its stock as their sum, and shows every variant", async () => {
    const { productId, detail } = await newDress();
    expect(detail).toMatchObject({
      price: 49,
      priceMax: 59,
      variantCount: 5,
      stock: 10 + 7 * 3,
      options: [
        { name: "Size", values: SIZES },
        { name: "Colour", values: ["Red"] },
      ],
      images: [
        { url: "/demo/products/dress-front.svg", optionValue: null },
        { url: "/demo/products/dress-back.svg", optionValue: null },
        { url: "/demo/products/dress-red.svg", optionValue: "Red" },
      ],
    });
    expect(detail.variants.map((variant) => variant.options.Size)).toEqual(SIZES);
    // The red variants show their own picture first, then the shared ones after the main image.
    expect(detail.variants[0]!.images).toEqual([
      "/demo/products/dress-red.svg",
      "/demo/products/dress-back.svg",
    ]);
    const row = await productRow(productId);
    expect([row.priceCents, row.maxPriceCents, row.stock, row.variantCount, row.image]).toEqual([
      4900,
      5900,
      31,
      5,
      "/demo/products/dress-front.svg",
    ]);
    // A list shows the "From" figures without a join.
    const listed = (await context.app.inject({ url: "/api/products?q=Linen%20Dress" })).json();
    expect(listed[0]).toMatchObject({ price: 49, priceMax: 59, variantCount: 5 });
  });

  it("keeps a variant's id and its cart lines when the options are edited, and drops removed ones", async () => {
    const { productId, variantOf } = await newDress();
    const shopper = await registerAccount(context.app);
    const line = (await add(shopper, productId, { variantId: variantOf("L")._id, quantity: 1 })).json();
    const gone = (await add(shopper, productId, { variantId: variantOf("XL")._id, quantity: 1 })).json();
    expect(gone._id).toBeDefined();
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/admin/products/${productId}/variants`,
      headers: admin.headers,
      payload: {
        options: [
          { name: "Size", values: ["L", "XXL"] },
          { name: "Colour", values: ["Red"] },
        ],
        variants: [
          { options: { Size: "L", Colour: "Red" }, price: 45, stock: 3 },
          { options: { Size: "XXL", Colour: "Red" }, price: 52.5, stock: 4 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json() as ProductDetail;
    expect(detail.variants.find((variant) => variant.options.Size === "L")!._id).toBe(variantOf("L")._id);
    expect(detail).toMatchObject({ price: 45, priceMax: 52.5, stock: 7, variantCount: 2 });
    const cart = (
      await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers })
    ).json();
    expect(cart.map((cartLine: CartLine) => cartLine._id)).toEqual([line._id]);
  });

  it("refuses, with the field named, options and variants that do not fit together", async () => {
    const productId = await insertProduct(context.database.db);
    const put = (payload: object) =>
      context.app.inject({
        method: "PUT",
        url: `/api/admin/products/${productId}/variants`,
        headers: admin.headers,
        payload,
      });
    const mismatch = await put({
      options: [{ name: "Size", values: ["S"] }],
      variants: [{ options: { Size: "M" }, price: 10, stock: 1 }],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({
      "variants.0.options": "A variant needs one value of each option, from that option's values",
    });
    const twice = await put({
      options: [{ name: "Size", values: ["S"] }],
      variants: [
        { options: { Size: "S" }, price: 10, stock: 1 },
        { options: { Size: "S" }, price: 11, stock: 1 },
      ],
    });
    expect(twice.json().errors).toEqual({ "variants.1.options": "Two variants have the same option values" });
    const noVariants = await put({ options: [], variants: [] });
    expect(noVariants.statusCode).toBe(400);
    const badPrice = await put({ options: [], variants: [{ options: {}, price: "-3", stock: 1 }] });
    expect(badPrice.json().errors).toHaveProperty("variants.0.price");
    const missing = await context.app.inject({
      method: "PUT",
      url: `/api/admin/products/${randomUUID()}/variants`,
      headers: admin.headers,
      payload: { options: [], variants: [{ options: {}, price: 10, stock: 1 }] },
    });
    expect(missing.statusCode).toBe(404);
    // Nothing was changed by the refusals.
    expect((await productRow(productId)).variantCount).toBe(1);
  });

  it("answers 409, not 500, to a product-wide stock on a product with several variants, and applies it to a single one", async () => {
    const { productId } = await newDress();
    const edit = (id: string, stock: number) =>
      context.app.inject({
        method: "PUT",
        url: `/api/product/${id}`,
        headers: admin.headers,
        payload: {
          productname: "Linen Dress",
          price: "49.00",
          catagory: "womans",
          description: "A dress.",
          image: "/demo/products/dress-front.svg",
          stock,
        },
      });
    const refused = await edit(productId, 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers["content-type"]).toContain("application/problem+json");
    expect((await productRow(productId)).stock).toBe(31);
    const simple = await insertProduct(context.database.db, { stock: 5 });
    expect((await edit(simple, 12)).statusCode).toBe(200);
    expect(Object.values(await variantStocks(simple))).toEqual([12]);
  });
});

describe("the cart and checkout per variant", () => {
  it("asks for a size before adding a product with several variants, refuses a sold-out one, and adds the chosen one", async () => {
    const { productId, variantOf } = await newDress();
    const shopper = await registerAccount(context.app);
    const unchosen = await add(shopper, productId, { quantity: 1 });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().errors).toEqual({ variantId: "Choose a Size and Colour first." });
    const soldOut = await add(shopper, productId, { variantId: variantOf("S")._id, quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().detail).toBe("Linen Dress (Size: S, Colour: Red) is out of stock.");
    const elsewhere = await add(shopper, productId, { variantId: randomUUID(), quantity: 1 });
    expect(elsewhere.statusCode).toBe(404);

    const added = await add(shopper, productId, { variantId: variantOf("M")._id, quantity: 2 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      productId,
      variantId: variantOf("M")._id,
      options: [
        { name: "Size", value: "M" },
        { name: "Colour", value: "Red" },
      ],
      name: "Linen Dress",
      image: "/demo/products/dress-red.svg",
      price: 59,
      stock: 10,
      quantity: 2,
      total: 118,
    });
    // Another size is another line.
    await add(shopper, productId, { variantId: variantOf("L")._id, quantity: 1 });
    const cart = await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers });
    expect(
      cart
        .json()
        .map((line: CartLine) => line.options[0]!.value)
        .sort(),
    ).toEqual(["L", "M"]);
    expect(cart.headers["x-item-count"]).toBe("3");
  });

  it("changes a line's quantity within the variant's stock and 99, for the owner only", async () => {
    const { productId, variantOf } = await newDress(4);
    const shopper = await registerAccount(context.app);
    const other = await registerAccount(context.app);
    const line = (
      await add(shopper, productId, { variantId: variantOf("M")._id, quantity: 1 })
    ).json() as CartLine;
    const change = (account: TestAccount, quantity: unknown, id = line._id) =>
      context.app.inject({
        method: "PATCH",
        url: `/api/cart/${id}`,
        headers: account.headers,
        payload: { quantity },
      });

    const raised = await change(shopper, 4);
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ _id: line._id, quantity: 4, total: 236 });
    const tooMany = await change(shopper, 5);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe("Only 4 of Linen Dress (Size: M, Colour: Red) left in stock.");
    expect((await change(shopper, 0)).statusCode).toBe(400);
    expect((await change(shopper, 100)).statusCode).toBe(400);
    expect((await change(shopper, "two")).statusCode).toBe(400);
    expect((await change(other, 1)).statusCode).toBe(404);
    expect((await change(shopper, 1, randomUUID())).statusCode).toBe(404);
    expect((await change(admin, 2)).json().quantity).toBe(2);
    const cart = await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers });
    expect(cart.json()[0].quantity).toBe(2);
  });

  it("keeps a snapshot of the variant in the order, takes that variant's stock, and returns it on cancellation", async () => {
    const { productId, variantOf } = await newDress();
    const shopper = await registerAccount(context.app);
    const line = (
      await add(shopper, productId, { variantId: variantOf("M")._id, quantity: 3 })
    ).json() as CartLine;
    const placed = await checkout(shopper, [line._id]);
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as Order;
    expect(order.total).toBe(177);
    expect(order.lines).toEqual([
      {
        _id: expect.any(String),
        productId,
        variantId: variantOf("M")._id,
        options: [
          { name: "Size", value: "M" },
          { name: "Colour", value: "Red" },
        ],
        name: "Linen Dress",
        image: "/demo/products/dress-red.svg",
        price: 59,
        compareAtPrice: null,
        quantity: 3,
        total: 177,
        shipped: 0,
      },
    ]);
    expect(await variantStocks(productId)).toEqual({ XS: 7, S: 0, M: 7, L: 7, XL: 7 });
    expect((await productRow(productId)).stock).toBe(28);

    // The snapshot outlives the variant.
    await context.app.inject({
      method: "PUT",
      url: `/api/admin/products/${productId}/variants`,
      headers: admin.headers,
      payload: {
        options: [{ name: "Size", values: ["M"] }],
        variants: [{ options: { Size: "M" }, price: 99, stock: 1 }],
      },
    });
    const read = await context.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(read.json().lines[0]).toMatchObject({
      variantId: null,
      options: order.lines[0]!.options,
      price: 59,
    });

    const second = await newDress();
    const another = (
      await add(shopper, second.productId, { variantId: second.variantOf("XL")._id, quantity: 2 })
    ).json() as CartLine;
    const secondOrder = (await checkout(shopper, [another._id])).json() as Order;
    expect((await variantStocks(second.productId)).XL).toBe(5);
    const cancelled = await context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${secondOrder._id}`,
      headers: admin.headers,
      payload: { status: "cancelled" },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await variantStocks(second.productId)).XL).toBe(7);
    expect((await productRow(second.productId)).stock).toBe(31);
  });

  it(
    "sells exactly 10 of one size with 10 in stock to 200 parallel checkouts, and leaves the other sizes alone",
    { timeout: 240_000 },
    async () => {
      const { productId, variantOf } = await newDress(10);
      const shoppers: TestAccount[] = [];
      while (shoppers.length < 200) {
        shoppers.push(...(await Promise.all(Array.from({ length: 20 }, () => registerAccount(context.app)))));
      }
      const lines = await Promise.all(
        shoppers.map(async (shopper) => {
          const response = await add(shopper, productId, { variantId: variantOf("M")._id, quantity: 1 });
          expect(response.statusCode).toBe(200);
          return response.json() as CartLine;
        }),
      );
      // Each shopper retries with the same idempotency key when the server is busy (503: no
      // connection free within the pool's timeout), as the SPA does: only 201 or 409 is final.
      const checkoutUntilAnswered = async (shopper: TestAccount, lineId: string) => {
        const key = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const response = await checkout(shopper, [lineId], key);
          if (response.statusCode !== 503 || attempt >= 20) return response.statusCode;
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
        }
      };
      const statuses = await Promise.all(
        shoppers.map((shopper, index) => checkoutUntilAnswered(shopper, lines[index]!._id)),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(190);
      expect(await variantStocks(productId)).toEqual({ XS: 7, S: 0, M: 0, L: 7, XL: 7 });
      const row = await productRow(productId);
      expect([row.stock, row.priceCents, row.maxPriceCents]).toEqual([21, 4900, 5900]);
    },
  );
});
