import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../test/support/catalogue";
import { openTestDatabase } from "../../test/support/test-database";
import type { Database } from "./client";
import { seedOrders } from "./order-generator";
import { orderLines, orders, refunds, users } from "./schema";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("seed-orders", () => {
  it("adds orders over a year with lines at the variants' prices, customers, statuses and refunds", async () => {
    const { db } = database;
    for (const priceCents of [1999, 4999, 12000]) await insertProduct(db, { priceCents });
    let reported = 0;
    await seedOrders(db, 600, { onProgress: (done) => (reported = done) });
    expect(reported).toBe(600);

    expect((await db.select({ n: count() }).from(orders))[0]!.n).toBe(600);
    const lines = (await db.select({ n: count() }).from(orderLines))[0]!.n;
    expect(lines).toBeGreaterThanOrEqual(600);
    expect(lines).toBeLessThanOrEqual(1800);
    expect(
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(sql`${users.email} like 'customer-%'`)
      )[0]!.n,
    ).toBe(60);
    // Every order's subtotal is its lines' sum (the CHECK holds total = subtotal + shipping).
    const mismatched = (await db.execute(sql`
      select o.id from orders o join order_lines l on l.order_id = o.id
      group by o.id, o.subtotal_cents having sum(l.unit_price_cents * l.quantity) <> o.subtotal_cents`)) as {
      rows: unknown[];
    };
    expect(mismatched.rows).toEqual([]);
    const statuses = await db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .groupBy(orders.status);
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]));
    expect(byStatus.delivered).toBeGreaterThan(400);
    expect(byStatus.cancelled).toBeGreaterThan(0);
    const spread = (await db.execute(
      sql`select extract(day from max(created_at) - min(created_at))::int as days from orders`,
    )) as { rows: { days: number }[] };
    expect(Number(spread.rows[0]!.days)).toBeGreaterThan(300);
    expect(
      (await db.select({ n: count() }).from(refunds).where(eq(refunds.reason, "Order cancelled")))[0]!.n,
    ).toBe(byStatus.cancelled);
  });
});
