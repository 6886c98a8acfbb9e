import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { asc } from "drizzle-orm";
import sharp from "sharp";
import { inject } from "vitest";
import type { App } from "../../src/app";
import { openDatabase, type Database } from "../../src/db/client";
import { orderLines, orders, products, users } from "../../src/db/schema";
import { registerAccount, type TestAccount } from "./accounts";
import { validProductForm } from "./catalogue";
import { multipartFile } from "./multipart";

/** A fresh embedded database (the prepared dump), whatever project runs the test. */
export async function openEmbeddedTestDatabase(): Promise<Database> {
  return openDatabase({ kind: "pglite", loadDataDir: new Blob([await readFile(inject("pgliteDumpPath"))]) });
}

export interface ShopWithOrders {
  admin: TestAccount;
  shopper: TestAccount;
  productId: string;
  /** Two units of the product, ordered by `buyer` (the shopper by default). */
  placeOrder(buyer?: TestAccount): Promise<void>;
}

/**
 * Fills a shop with what an owner would miss: an admin and a shopper, an uploaded image, a
 * product showing it, and `orderCount` orders. List `adminEmail` in the app's adminEmails.
 */
export async function fillShop(app: App, adminEmail: string, orderCount = 3): Promise<ShopWithOrders> {
  const admin = await registerAccount(app, adminEmail, "Owner");
  const shopper = await registerAccount(app, `regular-${randomUUID().slice(0, 8)}@shop.test`, "Regular");
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a63" } })
    .png()
    .toBuffer();
  const body = multipartFile("bag.png", "image/png", png);
  const upload = await app.inject({
    method: "POST",
    url: "/api/uploads",
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
  const product = await app.inject({
    method: "POST",
    url: "/api/addproduct",
    headers: admin.headers,
    payload: { ...validProductForm, image: upload.json().path, stock: 50 },
  });
  if (product.statusCode !== 201) throw new Error(`add product: ${product.statusCode} ${product.body}`);
  const productId: string = product.json()._id;

  const placeOrder = async (buyer = shopper) => {
    const line = await app.inject({
      method: "PUT",
      url: `/api/cart/${productId}`,
      headers: buyer.headers,
      payload: { quantity: 2 },
    });
    if (line.statusCode !== 200) throw new Error(`cart: ${line.statusCode} ${line.body}`);
    const order = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { ...buyer.headers, "idempotency-key": randomUUID() },
      payload: {
        lineIds: [line.json()._id],
        delivery: { name: "Ann Lee", address: "12 Harbour Road", city: "Dhaka", phone: "+8801712345678" },
        card: { number: "4242424242424242", expiry: "12/39", cvc: "123" },
      },
    });
    if (order.statusCode !== 201) throw new Error(`order: ${order.statusCode} ${order.body}`);
  };
  for (let i = 0; i < orderCount; i++) await placeOrder(shopper);
  return { admin, shopper, productId, placeOrder };
}

/** What a restore must bring back: every account, product, order and order line. */
export async function contentsOf(database: Database) {
  const db = database.db;
  return {
    users: await db.select({ email: users.email, role: users.role }).from(users).orderBy(asc(users.email)),
    products: await db
      .select({
        id: products.id,
        name: products.name,
        price: products.priceCents,
        stock: products.stock,
        image: products.image,
      })
      .from(products)
      .orderBy(asc(products.id)),
    orders: await db
      .select({ id: orders.id, total: orders.totalCents, status: orders.status })
      .from(orders)
      .orderBy(asc(orders.id)),
    orderLines: await db
      .select({ id: orderLines.id, order: orderLines.orderId, quantity: orderLines.quantity })
      .from(orderLines)
      .orderBy(asc(orderLines.id)),
  };
}
