import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Product } from "@shop/contract/catalogue";
import { uploadVariantPath } from "@shop/contract/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, verifyThroughOutbox, type TestAccount } from "../../test/support/accounts";
import { insertProduct, validProductForm } from "../../test/support/catalogue";
import { multipartFile } from "../../test/support/multipart";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { findUserByEmail, promoteToAdmin } from "../users/service";

let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
  shopper = await registerAccount(context.app, "shopper@shop.test", "Shopper");
});
afterAll(() => context.close());

type Caller = "anonymous" | "shopper" | "admin";
const headersOf = (caller: Caller) =>
  caller === "anonymous" ? {} : caller === "admin" ? admin.headers : shopper.headers;

describe("permissions", () => {
  const routes: [string, string, () => Promise<object | undefined>][] = [
    ["GET", "/api/alluser", async () => undefined],
    ["PUT", "/api/user/admin/shopper@shop.test", async () => undefined],
    ["DELETE", "/api/userdelete/nobody@shop.test", async () => undefined],
    ["POST", "/api/addproduct", async () => validProductForm],
    ["PUT", "/api/product/00000000-0000-4000-8000-000000000000", async () => validProductForm],
    ["DELETE", "/api/deleteproduct/00000000-0000-4000-8000-000000000000", async () => undefined],
  ];
  it.each(routes)("%s %s: 401 signed out, 403 for a shopper", async (method, url, body) => {
    for (const [caller, status] of [
      ["anonymous", 401],
      ["shopper", 403],
    ] as const) {
      const payload = await body();
      const response = await context.app.inject({
        method: method as "GET",
        url,
        headers: headersOf(caller),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${caller}`).toBe(status);
    }
  });

  it("POST /api/uploads: 401 signed out, 403 for a shopper", async () => {
    const upload = multipartFile(
      "a.png",
      "image/png",
      await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    expect((await context.app.inject({ method: "POST", url: "/api/uploads", ...upload })).statusCode).toBe(
      401,
    );
    expect(
      (
        await context.app.inject({
          method: "POST",
          url: "/api/uploads",
          ...upload,
          headers: { ...upload.headers, ...shopper.headers },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("users", () => {
  it("lists accounts with search and paging, total in X-Total-Count", async () => {
    await registerAccount(context.app, "zelda@shop.test", "Zelda Quill");
    const all = await context.app.inject({ url: "/api/alluser?limit=2", headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    expect(Number(all.headers["x-total-count"])).toBeGreaterThanOrEqual(3);
    const found = await context.app.inject({ url: "/api/alluser?q=QUILL", headers: admin.headers });
    expect(found.json()).toEqual([
      {
        _id: expect.any(String),
        email: "zelda@shop.test",
        name: "Zelda Quill",
        role: "user",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("promotes once (modifiedCount 1, then 0) and answers 404 for an unknown e-mail", async () => {
    const target = await registerAccount(context.app);
    const promote = () =>
      context.app.inject({ method: "PUT", url: `/api/user/admin/${target.email}`, headers: admin.headers });
    expect((await promote()).json()).toEqual({ modifiedCount: 1 });
    expect((await promote()).json()).toEqual({ modifiedCount: 0 });
    const check = await context.app.inject({ url: `/api/admin/${target.email}`, headers: target.headers });
    expect(check.json()).toEqual({ admin: true });
    const unknown = await context.app.inject({
      method: "PUT",
      url: "/api/user/admin/ghost@shop.test",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses to make an account whose address is unconfirmed an admin (409, saying why), here and in the CLI's promote", async () => {
    const unconfirmed = await registerAccount(context.app, undefined, undefined, { verified: false });
    const refused = await context.app.inject({
      method: "PUT",
      url: `/api/user/admin/${unconfirmed.email}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(refused.json().detail).toMatch(/Only accounts with a confirmed e-mail address can be admins/);
    expect((await findUserByEmail(context.database.db, unconfirmed.email))?.role).toBe("user");
    // The CLI's promote calls the same rule.
    expect(await promoteToAdmin(context.database.db, unconfirmed.email)).toBe("unverified");
    expect(await promoteToAdmin(context.database.db, "ghost@shop.test")).toBe("no-account");
    expect((await findUserByEmail(context.database.db, unconfirmed.email))?.role).toBe("user");

    // Once the address is confirmed, the same call promotes.
    await verifyThroughOutbox(context.app, unconfirmed.email);
    expect(await promoteToAdmin(context.database.db, ` ${unconfirmed.email.toUpperCase()} `)).toBe(
      "promoted",
    );
    expect(await promoteToAdmin(context.database.db, unconfirmed.email)).toBe("already-admin");
  });

  it("removes a user: their token stops working at once and their cart goes", async () => {
    const target = await registerAccount(context.app);
    const productId = await insertProduct(context.database.db);
    await context.app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: target.headers,
      payload: { quantity: 1 },
    });
    const removed = await context.app.inject({
      method: "DELETE",
      url: `/api/userdelete/${target.email}`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    const afterwards = await context.app.inject({
      url: `/api/carts/${target.email}`,
      headers: target.headers,
    });
    expect(afterwards.statusCode).toBe(401);
    const again = await context.app.inject({
      method: "DELETE",
      url: `/api/userdelete/${target.email}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses an admin removing their own account with 409", async () => {
    const response = await context.app.inject({
      method: "DELETE",
      url: `/api/userdelete/${admin.email}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, detail: "You cannot remove your own account." });
  });
});

describe("products", () => {
  const addProduct = (payload: object) =>
    context.app.inject({ method: "POST", url: "/api/addproduct", headers: admin.headers, payload });

  it("adds a product (201) that the catalogue, its category and search then show", async () => {
    const response = await addProduct(validProductForm);
    expect(response.statusCode).toBe(201);
    const product = response.json() as Product;
    expect(product).toMatchObject({
      productname: "Harbour Dive Watch",
      price: 249.9,
      catagory: "mans",
      stock: 0,
    });
    const search = await context.app.inject("/api/mans/?catagory=mans&q=harbour");
    expect(search.json().map((item: Product) => item._id)).toEqual([product._id]);
  });

  it.each([
    [{ productname: "" }, "productname", "Product name Required"],
    [{ productname: "x".repeat(121) }, "productname", "Product name must be at most 120 characters"],
    [{ price: "" }, "price", "Price is Required"],
    [{ price: undefined }, "price", "Price is Required"],
    [{ price: "0" }, "price", "Price must be a positive amount with at most 2 decimals"],
    [{ price: -5 }, "price", "Price must be a positive amount with at most 2 decimals"],
    [{ price: "12.345" }, "price", "Price must be a positive amount with at most 2 decimals"],
    [{ price: "ten" }, "price", "Price must be a positive amount with at most 2 decimals"],
    [{ price: 1e12 }, "price", "Price must be a positive amount with at most 2 decimals"],
    [{ image: "" }, "image", "Image is Required"],
    [{ image: "javascript:alert(1)" }, "image", "Image must be an http(s) address or an uploaded image"],
    [
      { image: "/uploads/../../etc/passwd.png" },
      "image",
      "Image must be an http(s) address or an uploaded image",
    ],
    [{ description: " " }, "description", "Description is Required"],
    [{ catagory: "" }, "catagory", "Category is Required"],
    [{ catagory: "hats" }, "catagory", "Category is Required"],
    [{ stock: -1 }, "stock", "Stock must be a whole number from 0 to 100000"],
    [{ stock: "2.5" }, "stock", "Stock must be a whole number from 0 to 100000"],
  ])("refuses %o with the message for %s", async (change, field, message) => {
    const response = await addProduct({ ...validProductForm, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it("edits a product with the same rules, and answers 404 for an unknown id", async () => {
    const id = await insertProduct(context.database.db, { name: "Old Name", priceCents: 1000 });
    const edit = (productId: string, payload: object) =>
      context.app.inject({
        method: "PUT",
        url: `/api/product/${productId}`,
        headers: admin.headers,
        payload,
      });
    const response = await edit(id, { ...validProductForm, productname: "New Name", price: 12.5 });
    expect(response.json()).toMatchObject({ _id: id, productname: "New Name", price: 12.5, stock: 50 });
    const restocked = await edit(id, {
      ...validProductForm,
      productname: "New Name",
      price: 12.5,
      stock: "7",
    });
    expect(restocked.json().stock).toBe(7);
    expect((await context.app.inject(`/api/productdetail/${id}`)).json().price).toBe(12.5);
    expect((await edit(id, { ...validProductForm, price: "" })).statusCode).toBe(400);
    expect((await edit("00000000-0000-4000-8000-000000000000", validProductForm)).statusCode).toBe(404);
  });

  it("deletes a product from the catalogue and from carts", async () => {
    const id = await insertProduct(context.database.db);
    await context.app.inject({
      method: "PUT",
      url: `/api/cart/${id}`,
      headers: shopper.headers,
      payload: { quantity: 2 },
    });
    const response = await context.app.inject({
      method: "DELETE",
      url: `/api/deleteproduct/${id}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await context.app.inject(`/api/productdetail/${id}`)).statusCode).toBe(404);
    const cart = await context.app.inject({ url: `/api/carts/${shopper.email}`, headers: shopper.headers });
    expect(cart.json().some((line: { productId: string }) => line.productId === id)).toBe(false);
    const again = await context.app.inject({
      method: "DELETE",
      url: `/api/deleteproduct/${id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("uploads", () => {
  const upload = (filename: string, type: string, content: Buffer) => {
    const body = multipartFile(filename, type, content);
    return context.app.inject({
      method: "POST",
      url: "/api/uploads",
      payload: body.payload,
      headers: { ...body.headers, ...admin.headers },
    });
  };

  it("re-encodes a PNG to WebP, scaled down, served with long cache headers", async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const response = await upload("photo.png", "image/png", png);
    expect(response.statusCode).toBe(201);
    const { path: imagePath } = response.json();
    expect(imagePath).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(existsSync(path.join(context.app.config.dataDir, imagePath))).toBe(true);

    const served = await context.app.inject(imagePath);
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1600, height: 800 });

    const product = await context.app.inject({
      method: "POST",
      url: "/api/addproduct",
      headers: admin.headers,
      payload: { ...validProductForm, image: imagePath },
    });
    expect(product.statusCode).toBe(201);
  });

  it("keeps copies 320 and 800 px wide beside the upload, cached as long, for the web app's srcset", async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#36c" } })
      .jpeg()
      .toBuffer();
    const { path: imagePath } = (await upload("photo.jpg", "image/jpeg", jpeg)).json();

    for (const [width, height] of [
      [320, 160],
      [800, 400],
    ] as const) {
      const served = await context.app.inject(uploadVariantPath(imagePath, width));
      expect(served.statusCode).toBe(200);
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width, height });
    }
  });

  it("sends a request for a missing copy (an upload older than the copies) to the original", async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#3c6" } })
      .png()
      .toBuffer();
    const { path: imagePath } = (await upload("old.png", "image/png", png)).json();
    const copy = path.join(context.app.config.dataDir, uploadVariantPath(imagePath, 320));
    await rm(copy);

    const served = await context.app.inject(uploadVariantPath(imagePath, 320));
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toBe(imagePath);
    // Only copies of existing uploads are redirected: anything else stays a 404.
    const unknown = "/uploads/00000000-0000-4000-8000-000000000000-320w.webp";
    expect((await context.app.inject(unknown)).statusCode).toBe(404);
    expect((await context.app.inject(uploadVariantPath(imagePath, 321))).statusCode).toBe(404);
  });

  it("refuses a text file renamed .png with 415, checked by content", async () => {
    const response = await upload(
      "evil.png",
      "image/png",
      Buffer.from("<script>alert(1)</script>".repeat(10)),
    );
    expect(response.statusCode).toBe(415);
  });

  it("refuses an image over 5 MB with 413", async () => {
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload("big.png", "image/png", big);
    expect(response.statusCode).toBe(413);
  });

  it("refuses a request without a file, or not multipart, with 400", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: admin.headers,
      payload: { file: "x" },
    });
    expect(response.statusCode).toBe(400);
  });
});
