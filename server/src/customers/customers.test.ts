import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMERS_COUNT_CAP, type CustomerDetail, type CustomerList } from "@shop/contract/customers";
import { registerAccount, uniqueEmail, type TestAccount } from "../../test/support/accounts";
import { checkOutNewProduct, TEST_DELIVERY } from "../../test/support/orders";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { customerTotals, orders, users } from "../db/schema";

let context: TestContext;
let admin: TestAccount;
let big: TestAccount;
let small: TestAccount;
const marker = `cust${Date.now()}`;

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["customers-admin@shop.test"] } });
  admin = await registerAccount(context.app, "customers-admin@shop.test", "Chief");
  big = await registerAccount(context.app, uniqueEmail(`${marker}-big`), "Zoe Big Spender");
  small = await registerAccount(context.app, uniqueEmail(`${marker}-small`), "Adam Small");
  await registerAccount(context.app, uniqueEmail(`${marker}-browser`), "Mia Browser");
  // Big: two paid orders (2 × $30 and 2 × $20) and a cancelled one; small: one order (2 × $5).
  for (const priceCents of [3000, 2000, 9900]) {
    expect((await checkOutNewProduct(context.app, big, priceCents)).statusCode).toBe(201);
  }
  const [cancelled] = await context.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.totalCents, 19800));
  await context.database.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled!.id));
  expect((await checkOutNewProduct(context.app, small, 500)).statusCode).toBe(201);
});
afterAll(() => context.close());

async function idOf(account: TestAccount) {
  const [user] = await context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email));
  return user!.id;
}

const list = async (query: string) => {
  const response = await context.app.inject({ url: `/api/admin/customers?${query}`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CustomerList;
};

describe("customers", () => {
  it("lists shoppers with their orders, what they paid and their last order, searchable by name or address", async () => {
    const found = await list(`q=${marker}&sort=spent`);
    expect(found.total).toBe(3);
    expect(
      found.customers.map((customer) => [customer.name, customer.orders, customer.totalSpentCents]),
    ).toEqual([
      // The cancelled order counts as an order but not as money.
      ["Zoe Big Spender", 3, 10000],
      ["Adam Small", 1, 1000],
      ["Mia Browser", 0, 0],
    ]);
    expect(found.customers[0]!.lastOrderAt).not.toBeNull();
    expect(found.customers[2]!.lastOrderAt).toBeNull();
    expect(found.customers.every((customer) => customer.emailVerified)).toBe(true);

    expect((await list("q=Zoe%20Big")).customers.map((customer) => customer.email)).toEqual([big.email]);
    // Staff are not customers.
    expect((await list("q=customers-admin")).total).toBe(0);
    // Sorted by name, by order count, and by the last order (who never ordered comes last).
    expect((await list(`q=${marker}&sort=name`)).customers.map((customer) => customer.name)).toEqual([
      "Adam Small",
      "Mia Browser",
      "Zoe Big Spender",
    ]);
    expect((await list(`q=${marker}&sort=orders`)).customers[0]!.name).toBe("Zoe Big Spender");
    expect((await list(`q=${marker}&sort=last-order`)).customers.at(-1)!.name).toBe("Mia Browser");
    // Paged.
    const second = await list(`q=${marker}&sort=name&limit=1&offset=1`);
    expect([second.total, second.customers.map((customer) => customer.name)]).toEqual([3, ["Mia Browser"]]);
  });

  it("shows a customer's page with orders, addresses and notes the staff add and remove", async () => {
    const url = `/api/admin/customers/${await idOf(big)}`;
    const page = (await context.app.inject({ url, headers: admin.headers })).json() as CustomerDetail;
    expect(page.customer.totalSpentCents).toBe(10000);
    expect(page.recentOrders).toHaveLength(3);
    expect(page.addresses).toEqual([TEST_DELIVERY]);
    expect(page.notes).toEqual([]);

    const written = await context.app.inject({
      method: "POST",
      url: `${url}/notes`,
      headers: admin.headers,
      payload: { body: "  Prefers parcels left with the neighbour.  " },
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({
      body: "Prefers parcels left with the neighbour.",
      author: "Chief",
    });
    const withNote = (await context.app.inject({ url, headers: admin.headers })).json() as CustomerDetail;
    expect(withNote.notes.map((note) => note.body)).toEqual(["Prefers parcels left with the neighbour."]);

    // A note of another customer's path is not this one's.
    const elsewhere = await context.app.inject({
      method: "DELETE",
      url: `/api/admin/customers/${await idOf(small)}/notes/${written.json()._id}`,
      headers: admin.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    const removed = await context.app.inject({
      method: "DELETE",
      url: `${url}/notes/${written.json()._id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      ((await context.app.inject({ url, headers: admin.headers })).json() as CustomerDetail).notes,
    ).toEqual([]);
  });

  it("keeps the totals right when one customer's orders are placed at once, cancelled and deleted", async () => {
    const racer = await registerAccount(context.app, uniqueEmail(`${marker}-racer`), "Rita Racer");
    const racerId = await idOf(racer);
    // Six checkouts of one account at once: on PostgreSQL their transactions overlap, and each
    // must count the others' orders (the totals row is locked before it is added up).
    const placed = await Promise.all(
      [1000, 1100, 1200, 1300, 1400, 1500].map((cents) => checkOutNewProduct(context.app, racer, cents)),
    );
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const recount = async () => {
      const [row] = await context.database.db
        .select({ orders: customerTotals.orders, spentCents: customerTotals.spentCents })
        .from(customerTotals)
        .where(eq(customerTotals.userId, racerId));
      return row;
    };
    // 2 units each: 2 × (10 + 11 + 12 + 13 + 14 + 15) dollars.
    expect(await recount()).toEqual({ orders: 6, spentCents: 15_000 });
    const dearest = placed.at(-1)!.json() as { _id: string };
    const cancel = await context.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${dearest._id}`,
      headers: admin.headers,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await recount()).toEqual({ orders: 6, spentCents: 12_000 });
    await context.database.db.delete(orders).where(eq(orders.id, dearest._id));
    expect(await recount()).toEqual({ orders: 5, spentCents: 12_000 });
    const listed = (await list(`q=${encodeURIComponent(racer.email)}`)).customers;
    expect(listed.map(({ orders: count, totalSpentCents }) => [count, totalSpentCents])).toEqual([
      [5, 12_000],
    ]);
  });

  it("answers malformed requests with a 4xx and keeps customers from the shoppers", async () => {
    const cases = [
      { url: "/api/admin/customers?sort=richest", status: 400 },
      { url: "/api/admin/customers?limit=0", status: 400 },
      { url: `/api/admin/customers?q=${"x".repeat(101)}`, status: 400 },
      { url: "/api/admin/customers/not-an-id", status: 400 },
      { url: `/api/admin/customers/${await idOf(admin)}`, status: 404 },
      { url: "/api/admin/customers/00000000-0000-4000-8000-000000000000", status: 404 },
    ];
    for (const { url, status } of cases) {
      expect((await context.app.inject({ url, headers: admin.headers })).statusCode, url).toBe(status);
    }
    for (const [body, status] of [
      [{ body: "   " }, 400],
      [{ body: "x".repeat(2001) }, 400],
      [{}, 400],
    ] as const) {
      const response = await context.app.inject({
        method: "POST",
        url: `/api/admin/customers/${await idOf(big)}/notes`,
        headers: admin.headers,
        payload: body,
      });
      expect(response.statusCode).toBe(status);
    }
    expect((await context.app.inject({ url: "/api/admin/customers", headers: big.headers })).statusCode).toBe(
      403,
    );
    expect((await context.app.inject({ url: "/api/admin/customers" })).statusCode).toBe(401);
  });

  // Last: it adds ten thousand accounts the lists above would see.
  it("counts customers up to the cap and says more than it past it; a search is counted exactly", async () => {
    await context.database.db.execute(sql`
      insert into users (name, email, email_verified)
      select 'Crowd ' || g, ${marker} || '-crowd-' || g || '@shop.test', true
      from generate_series(1, ${CUSTOMERS_COUNT_CAP + 20}) g`);
    const all = await list("limit=20");
    expect(all.total).toBe(CUSTOMERS_COUNT_CAP + 1);
    expect(all.customers).toHaveLength(20);
    expect((await list(`q=${marker}-small`)).total).toBe(1);
  });
});
