import type { InsightDay, InsightPeriod, InsightRank, Insights, InsightTotals } from "@shop/contract/desk";
import { shopCurrency } from "@shop/contract/currency";
import { sql } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";

/**
 * What counts as sold: orders that were paid and not cancelled (a cancelled order leaves every
 * figure of the day it was placed). Days are UTC calendar days of the order's creation.
 */
const SOLD = sql.raw(`('paid', 'shipped', 'delivered')`);

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** Orders placed from the start of `from` to the end of `to` (UTC), as a WHERE condition on `o`. */
const placedWithin = (from: string, to: string) =>
  sql`o.status in ${SOLD}
      and o.created_at >= (${from}::date::timestamp at time zone 'UTC')
      and o.created_at < ((${to}::date + 1)::timestamp at time zone 'UTC')`;

const averageOf = (revenueCents: number, orders: number) =>
  orders === 0 ? 0 : Math.round(revenueCents / orders);

interface DayRow {
  day: string;
  revenue_cents: string | number;
  orders: number;
  guest_orders: number;
  units: string | number;
}

async function dailyFigures(db: Db, from: string, to: string): Promise<InsightDay[]> {
  const rows = await selectRows<DayRow>(
    db,
    sql`with sold as (
          select (o.created_at at time zone 'UTC')::date as day, o.total_cents,
                 o.guest_bag_id is not null as by_guest,
                 (select sum(l.quantity) from order_lines l where l.order_id = o.id) as units
          from orders o
          where ${placedWithin(from, to)}
        )
        select to_char(d.day, 'YYYY-MM-DD') as day,
               coalesce(sum(s.total_cents), 0) as revenue_cents,
               count(s.day)::int as orders,
               (count(s.day) filter (where s.by_guest))::int as guest_orders,
               coalesce(sum(s.units), 0) as units
        from generate_series(${from}::date, ${to}::date, interval '1 day') as d(day)
        left join sold s on s.day = d.day::date
        group by d.day
        order by d.day`,
  );
  return rows.map((row) => {
    const revenueCents = Number(row.revenue_cents);
    return {
      day: row.day,
      revenueCents,
      orders: row.orders,
      guestOrders: row.guest_orders,
      averageOrderCents: averageOf(revenueCents, row.orders),
      units: Number(row.units),
    };
  });
}

function totalsOf(days: InsightDay[]): InsightTotals {
  const revenueCents = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const units = days.reduce((sum, day) => sum + day.units, 0);
  const guestOrders = days.reduce((sum, day) => sum + (day.guestOrders ?? 0), 0);
  return { revenueCents, orders, averageOrderCents: averageOf(revenueCents, orders), units, guestOrders };
}

interface RankRow {
  label: string;
  product_id: string | null;
  units: string | number;
  revenue_cents: string | number;
}

const toRank = (row: RankRow): InsightRank => ({
  label: row.label,
  productId: row.product_id,
  units: Number(row.units),
  revenueCents: Number(row.revenue_cents),
});

const TOP_LIMIT = 5;

/** Best products by revenue; a deleted product keeps its line's name. */
async function topProducts(db: Db, from: string, to: string): Promise<InsightRank[]> {
  const rows = await selectRows<RankRow>(
    db,
    sql`select coalesce(max(p.name), max(l.name)) as label, l.product_id,
               sum(l.quantity) as units, sum(l.quantity * l.unit_price_cents) as revenue_cents
        from order_lines l
        join orders o on o.id = l.order_id
        left join products p on p.id = l.product_id
        where ${placedWithin(from, to)}
        group by l.product_id, case when l.product_id is null then l.name end
        order by revenue_cents desc, units desc, label
        limit ${TOP_LIMIT}`,
  );
  return rows.map(toRank);
}

/** Categories by revenue; lines of deleted products count as "deleted". */
async function topCategories(db: Db, from: string, to: string): Promise<InsightRank[]> {
  const rows = await selectRows<RankRow>(
    db,
    sql`select coalesce(p.category::text, 'deleted') as label, null as product_id,
               sum(l.quantity) as units, sum(l.quantity * l.unit_price_cents) as revenue_cents
        from order_lines l
        join orders o on o.id = l.order_id
        left join products p on p.id = l.product_id
        where ${placedWithin(from, to)}
        group by 1
        order by revenue_cents desc, units desc, label`,
  );
  return rows.map(toRank);
}

/** The period of `days` days ending on `end` (UTC, inclusive), with the one before it. */
export async function getInsights(
  db: Db,
  { days, end = isoDay(new Date()) }: { days: InsightPeriod; end?: string | undefined },
): Promise<Insights> {
  const from = addDays(end, -(days - 1));
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -(days - 1));
  const [daily, previousDaily, products, categories] = await Promise.all([
    dailyFigures(db, from, end),
    dailyFigures(db, previousFrom, previousTo),
    topProducts(db, from, end),
    topCategories(db, from, end),
  ]);
  return {
    currency: shopCurrency().code,
    days,
    from,
    to: end,
    daily,
    totals: totalsOf(daily),
    previous: { ...totalsOf(previousDaily), from: previousFrom, to: previousTo },
    topProducts: products,
    topCategories: categories,
  };
}
