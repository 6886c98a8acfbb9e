import { randomUUID } from "node:crypto";
import type { AuditEvent } from "@shop/contract/desk";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct, validProductForm } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { auditEvents } from "../db/schema";
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from "../payments/test-provider";

let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["audit-admin@shop.test"] } });
  admin = await registerAccount(context.app, "audit-admin@shop.test");
  shopper = await registerAccount(context.app);
});
afterAll(() => context.close());

const eventsAbout = async (entityId: string) =>
  (await context.app.inject({ url: `/api/admin/audit?limit=100`, headers: admin.headers }))
    .json<AuditEvent[]>()
    .filter((event) => event.entityId === entityId)
    .reverse();

const storedCount = async () =>
  (await context.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;

async function placeOrder(productId: string, cardNumber = TEST_CARD_SUCCEEDS) {
  const line = await context.app.inject({
    method: "PUT",
    url: `/api/cart/${productId}`,
    headers: shopper.headers,
    payload: { quantity: 2 },
  });
  return context.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...shopper.headers, "idempotency-key": randomUUID() },
    payload: {
      lineIds: [line.json()._id],
      delivery: { name: "Ann", address: "1 Road", city: "Dhaka", phone: "12345678" },
      card: { number: cardNumber, expiry: "12/39", cvc: "123" },
    },
  });
}

describe("the audit trail", () => {
  it("records a product's creation, price, stock and other edits, and deletion: who, before and after", async () => {
    const created = await context.app.inject({
      method: "POST",
      url: "/api/addproduct",
      headers: admin.headers,
      payload: { ...validProductForm, stock: 3 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    const edit = (changes: object) =>
      context.app.inject({
        method: "PUT",
        url: `/api/product/${id}`,
        headers: admin.headers,
        payload: { ...validProductForm, stock: 3, ...changes },
      });
    expect((await edit({ price: "199.00" })).statusCode).toBe(200);
    expect((await edit({ price: "199.00", stock: 7 })).statusCode).toBe(200);
    expect((await edit({ price: "199.00", stock: 7, productname: "Harbour Diver" })).statusCode).toBe(200);
    expect(
      (
        await context.app.inject({
          method: "DELETE",
          url: `/api/deleteproduct/${id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(200);

    const events = await eventsAbout(id);
    expect(events.map((event) => [event.kind, event.action, event.before, event.after])).toEqual([
      [
        "product",
        "created",
        null,
        expect.objectContaining({ name: "Harbour Dive Watch", price_cents: 24_990, stock: 3 }),
      ],
      ["price", "updated", { price_cents: 24_990 }, { price_cents: 19_900 }],
      ["stock", "updated", { stock: 3 }, { stock: 7 }],
      ["product", "updated", { name: "Harbour Dive Watch" }, { name: "Harbour Diver" }],
      ["product", "deleted", expect.objectContaining({ name: "Harbour Diver", stock: 7 }), null],
    ]);
    expect(new Set(events.map((event) => event.actorEmail))).toEqual(new Set([admin.email]));
  });

  it("records a sale's stock change as the shopper's, and an order's status change as the admin's", async () => {
    const productId = await insertProduct(context.database.db, { stock: 10 });
    const order = await placeOrder(productId);
    expect(order.statusCode).toBe(201);
    const orderId = order.json()._id as string;
    const moved = await context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${orderId}`,
      headers: admin.headers,
      payload: { status: "cancelled" },
    });
    expect(moved.statusCode).toBe(200);

    const stock = await eventsAbout(productId);
    expect(stock.map((event) => [event.kind, event.actorEmail, event.before, event.after])).toEqual([
      ["product", null, null, expect.objectContaining({ stock: 10 })],
      ["stock", shopper.email, { stock: 10 }, { stock: 8 }],
      ["stock", admin.email, { stock: 8 }, { stock: 10 }],
    ]);
    const status = await eventsAbout(orderId);
    expect(
      status.map((event) => [event.kind, event.entityLabel, event.actorEmail, event.before, event.after]),
    ).toEqual([
      ["order_status", `#${order.json().number}`, admin.email, { status: "paid" }, { status: "cancelled" }],
    ]);
  });

  it("records a role change with the admin who made it", async () => {
    const promoted = await registerAccount(context.app);
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/user/admin/${promoted.email}`,
      headers: admin.headers,
    });
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const events = (
      await context.app.inject({ url: "/api/admin/audit?kind=user_role", headers: admin.headers })
    )
      .json<AuditEvent[]>()
      .filter((event) => event.entityLabel === promoted.email);
    expect(events.map((event) => [event.actorEmail, event.before, event.after])).toEqual([
      [admin.email, { role: "user" }, { role: "admin" }],
    ]);
  });

  it("records nothing for a change that failed: a refused edit, a declined payment, a forbidden move", async () => {
    const productId = await insertProduct(context.database.db, { stock: 5 });
    const before = await storedCount();
    const refused = await context.app.inject({
      method: "PUT",
      url: `/api/product/${productId}`,
      headers: admin.headers,
      payload: { ...validProductForm, price: "-1" },
    });
    expect(refused.statusCode).toBe(400);
    expect((await placeOrder(productId, TEST_CARD_DECLINED)).statusCode).toBe(402);
    const shopperEdit = await context.app.inject({
      method: "PUT",
      url: `/api/product/${productId}`,
      headers: shopper.headers,
      payload: validProductForm,
    });
    expect(shopperEdit.statusCode).toBe(403);
    const order = await placeOrder(productId);
    const afterOrder = await storedCount();
    expect(afterOrder).toBe(before + 1); // the sale's stock change only
    const illegal = await context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${order.json()._id}`,
      headers: admin.headers,
      payload: { status: "delivered" },
    });
    expect(illegal.statusCode).toBe(409);
    expect(await storedCount()).toBe(afterOrder);
  });

  it("filters by kind, by who or what, and by day", async () => {
    const all = (
      await context.app.inject({ url: "/api/admin/audit?limit=100", headers: admin.headers })
    ).json<AuditEvent[]>();
    const prices = (
      await context.app.inject({ url: "/api/admin/audit?kind=price", headers: admin.headers })
    ).json<AuditEvent[]>();
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((event) => event.kind === "price")).toBe(true);
    const byShopper = await context.app.inject({
      url: `/api/admin/audit?q=${encodeURIComponent(shopper.email)}`,
      headers: admin.headers,
    });
    expect(byShopper.json<AuditEvent[]>().every((event) => event.actorEmail === shopper.email)).toBe(true);
    expect(Number(byShopper.headers["x-total-count"])).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await context.app.inject({
      url: `/api/admin/audit?from=${today}&to=${today}&limit=100`,
      headers: admin.headers,
    });
    expect(todays.json<AuditEvent[]>()).toHaveLength(Math.min(all.length, 100));
    const longAgo = await context.app.inject({
      url: "/api/admin/audit?from=2001-01-01&to=2001-01-02",
      headers: admin.headers,
    });
    expect(longAgo.json()).toEqual([]);
  });

  it("cannot be changed: there is no route for it, and the database refuses updates, deletes and truncation", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
      const response = await context.app.inject({
        method,
        url: "/api/admin/audit",
        headers: admin.headers,
        payload: {},
      });
      expect(response.statusCode, method).toBe(404);
    }
    const db = context.database.db;
    const count = await storedCount();
    await expect(db.update(auditEvents).set({ actorEmail: "someone@else" })).rejects.toThrow();
    await expect(db.delete(auditEvents).where(eq(auditEvents.kind, "price"))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await storedCount()).toBe(count);
  });
});
