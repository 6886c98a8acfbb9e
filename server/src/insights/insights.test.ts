import type { Insights } from "@shop/contract/desk";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { selectRows } from "../db/client";
import { orderLines, orders } from "../db/schema";

/**
 * The insights figures against a direct SQL computation over generated orders: a mix of statuses
 * (cancelled ones must not count), orders on both sides of each period's first and last instant,
 * and a deleted product whose lines keep their name.
 */
let context: TestContext;
let admin: TestAccount;
let shopper: TestAccount;

const END = "2026-03-31";
const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);
const STATUSES = ["paid", "shipped", "delivered", "cancelled"] as const;

/** A small deterministic generator: the same orders on every run and both databases. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

let productIds: string[] = [];

async function insertOrder(
  createdAt: Date,
  status: (typeof STATUSES)[number],
  lines: { productId: string | null; name: string; priceCents: number; quantity: number }[],
) {
  const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const [row] = await context.database.db
    .insert(orders)
    .values({
      userId: null,
      email: "generated@shop.test",
      status,
      totalCents,
      subtotalCents: totalCents,
      deliveryName: "Ann",
      deliveryAddress: "1 Road",
      deliveryCity: "Dhaka",
      deliveryPhone: "12345678",
      paymentProvider: "test",
      paymentReference: `ref-${Math.random()}`,
      cardLast4: "4242",
      idempotencyKey: crypto.randomUUID(),
      createdAt,
    })
    .returning({ id: orders.id });
  await context.database.db.insert(orderLines).values(
    lines.map((line) => ({
      orderId: row!.id,
      productId: line.productId,
      name: line.name,
      image: "/demo/products/test.svg",
      unitPriceCents: line.priceCents,
      quantity: line.quantity,
    })),
  );
}

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["insights-admin@shop.test"] } });
  admin = await registerAccount(context.app, "insights-admin@shop.test");
  shopper = await registerAccount(context.app);
  const db = context.database.db;
  productIds = [
    await insertProduct(db, { name: "Insight Watch", category: "mans", priceCents: 12_999 }),
    await insertProduct(db, { name: "Insight Shoe", category: "shoes", priceCents: 4_550 }),
    await insertProduct(db, { name: "Insight Lamp", category: "gadgets", priceCents: 1_999 }),
  ];
  const next = random(20);
  const endMs = Date.parse(`${END}T00:00:00Z`);
  // 180 days before END (both periods of 90 days) and 3 days after it (never counted).
  for (let index = 0; index < 220; index++) {
    const createdAt = new Date(
      endMs - Math.floor(next() * 183) * DAY_MS + 3 * DAY_MS + Math.floor(next() * DAY_MS),
    );
    const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
    const count = 1 + Math.floor(next() * 3);
    const lines = Array.from({ length: count }, (_, line) => {
      const product = (index + line) % 4;
      return product === 3
        ? { productId: null, name: "Retired Scarf", priceCents: 999, quantity: 1 + Math.floor(next() * 3) }
        : {
            productId: productIds[product]!,
            name: ["Insight Watch", "Insight Shoe", "Insight Lamp"][product]!,
            priceCents: [12_999, 4_550, 1_999][product]!,
            quantity: 1 + Math.floor(next() * 5),
          };
    });
    await insertOrder(createdAt, status, lines);
  }
  // The edges of the 7-day period ending END: 2026-03-25T00:00Z .. 2026-03-31T23:59:59.999Z.
  const edge = (name: string, priceCents: number) => [
    { productId: productIds[0]!, name, priceCents, quantity: 1 },
  ];
  await insertOrder(at("2026-03-25T00:00:00.000Z"), "paid", edge("Insight Watch", 10_001)); // first instant: in
  await insertOrder(at("2026-03-24T23:59:59.999Z"), "paid", edge("Insight Watch", 20_002)); // previous period
  await insertOrder(at("2026-03-31T23:59:59.999Z"), "shipped", edge("Insight Watch", 30_003)); // last instant: in
  await insertOrder(at("2026-04-01T00:00:00.000Z"), "paid", edge("Insight Watch", 40_004)); // after: out
  await insertOrder(at("2026-03-31T12:00:00.000Z"), "cancelled", edge("Insight Watch", 50_005)); // cancelled: out
});
afterAll(() => context.close());

const getInsights = async (days: number, end = END) => {
  const response = await context.app.inject({
    url: `/api/admin/insights?days=${days}&end=${end}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Insights;
};

interface DirectDay {
  day: string;
  revenue: string;
  orders: number;
  units: string;
}

/** The figures as an analyst would write them: no generate_series, no shared code with the service. */
async function directDaily(from: string, to: string) {
  const rows = await selectRows<DirectDay>(
    context.database.db,
    sql`select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               sum(o.total_cents) as revenue, count(*)::int as orders,
               sum((select sum(quantity) from order_lines where order_id = o.id)) as units
        from orders o
        where o.status <> 'cancelled'
          and to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') between ${from} and ${to}
        group by 1 order by 1`,
  );
  return rows.map((row) => ({
    day: row.day,
    revenueCents: Number(row.revenue),
    orders: row.orders,
    units: Number(row.units),
  }));
}

async function directTop(from: string, to: string) {
  return selectRows<{ label: string; revenue: string; units: string }>(
    context.database.db,
    sql`select coalesce(p.name, l.name) as label, sum(l.unit_price_cents * l.quantity) as revenue, sum(l.quantity) as units
        from order_lines l join orders o on o.id = l.order_id left join products p on p.id = l.product_id
        where o.status <> 'cancelled'
          and to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') between ${from} and ${to}
        group by 1 order by 2 desc, 3 desc, 1 limit 5`,
  );
}

describe("GET /api/admin/insights", () => {
  it.each([7, 30, 90])(
    "for %i days equals the direct SQL computation, day by day and in total",
    async (days) => {
      const insights = await getInsights(days);
      expect(insights.daily).toHaveLength(days);
      expect(insights.to).toBe(END);
      expect(insights.currency).toBe("USD");

      const direct = await directDaily(insights.from, insights.to);
      const nonEmpty = insights.daily
        .filter((day) => day.orders > 0)
        .map(({ day, revenueCents, orders, units }) => ({ day, revenueCents, orders, units }));
      expect(nonEmpty).toEqual(direct);
      expect(
        insights.daily
          .filter((day) => day.orders === 0)
          .every((day) => day.revenueCents === 0 && day.units === 0),
      ).toBe(true);

      const revenue = direct.reduce((sum, day) => sum + day.revenueCents, 0);
      const count = direct.reduce((sum, day) => sum + day.orders, 0);
      expect(insights.totals).toEqual({
        revenueCents: revenue,
        orders: count,
        averageOrderCents: Math.round(revenue / count),
        units: direct.reduce((sum, day) => sum + day.units, 0),
        // Every order here was placed by an account.
        guestOrders: 0,
      });

      const previous = await directDaily(insights.previous.from, insights.previous.to);
      expect(insights.previous.revenueCents).toBe(previous.reduce((sum, day) => sum + day.revenueCents, 0));
      expect(insights.previous.orders).toBe(previous.reduce((sum, day) => sum + day.orders, 0));

      const top = await directTop(insights.from, insights.to);
      expect(insights.topProducts.map((rank) => [rank.label, rank.revenueCents, rank.units])).toEqual(
        top.map((row) => [row.label, Number(row.revenue), Number(row.units)]),
      );
      const categoryRevenue = insights.topCategories.reduce((sum, rank) => sum + rank.revenueCents, 0);
      expect(categoryRevenue).toBe(revenue);
    },
  );

  it("counts an order placed at a period's first and last instant, not the one just before or after, nor a cancelled one", async () => {
    const week = await getInsights(7);
    expect(week.from).toBe("2026-03-25");
    expect(week.previous).toMatchObject({ from: "2026-03-18", to: "2026-03-24" });
    const first = week.daily[0]!;
    const last = week.daily.at(-1)!;
    const [firstDirect] = await directDaily("2026-03-25", "2026-03-25");
    const [lastDirect] = await directDaily("2026-03-31", "2026-03-31");
    // The boundary orders are there: 10,001 and 30,003 cents, and nothing of 20,002 / 40,004 / 50,005.
    expect(first.revenueCents).toBe(firstDirect!.revenueCents);
    expect(last.revenueCents).toBe(lastDirect!.revenueCents);
    const day = await selectRows<{ totals: number[] }>(
      context.database.db,
      sql`select array_agg(total_cents order by total_cents) as totals from orders
          where total_cents in (10001, 20002, 30003, 40004, 50005)`,
    );
    expect(day[0]!.totals).toEqual([10001, 20002, 30003, 40004, 50005]);
    // Moving the end one day back drops the 31st's orders, the 30003 one among them.
    const earlier = await getInsights(7, "2026-03-30");
    expect(earlier.daily.at(-1)!.day).toBe("2026-03-30");
    expect(earlier.daily.some((d) => d.day === "2026-03-31")).toBe(false);
  });

  it("puts the lines of a deleted product under their own name, and their category under 'deleted'", async () => {
    const insights = await getInsights(90);
    expect(
      insights.topProducts.some((rank) => rank.label === "Retired Scarf" && rank.productId === null),
    ).toBe(true);
    expect(insights.topCategories.map((rank) => rank.label)).toContain("deleted");
  });

  it("refuses a period other than 7, 30 or 90 days, and a malformed end, with 400", async () => {
    for (const query of ["days=14", "days=abc", "end=2026-13-01", "end=yesterday"]) {
      const response = await context.app.inject({
        url: `/api/admin/insights?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("is for admins only", async () => {
    expect((await context.app.inject({ url: "/api/admin/insights" })).statusCode).toBe(401);
    expect(
      (await context.app.inject({ url: "/api/admin/insights", headers: shopper.headers })).statusCode,
    ).toBe(403);
  });
});
