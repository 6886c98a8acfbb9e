import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bestSellers } from "../products/best-sellers";
import { migrationsDir } from "../paths";
import { openDatabase, selectRows, type Database } from "./client";

/**
 * The variants migration on a database as shops run it today, holding products, carts and orders:
 * every figure is the same afterwards. "Today" is the last release's schema, up to *_reviews in
 * the journal (found by name, so renumbering does not matter); the migrations after it (checkout
 * money, then variants) run over that data together, as they will on a shop that upgrades.
 */
const LAST_RELEASED_TAG = /_reviews$/;

interface Journal {
  entries: { idx: number; tag: string }[];
}

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let olderMigrationsDir: string;

async function migrateFrom(folder: string) {
  const { db, kind } = database;
  if (kind === "pglite") await migratePglite(db as never, { migrationsFolder: folder });
  else await migratePostgres(db as never, { migrationsFolder: folder });
}

beforeAll(async () => {
  const journal = JSON.parse(
    await readFile(path.join(migrationsDir, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const position = journal.entries.findIndex((entry) => LAST_RELEASED_TAG.test(entry.tag)) + 1;
  expect(position).toBeGreaterThan(0);
  expect(journal.entries.slice(position).some((entry) => entry.tag.endsWith("_product_variants"))).toBe(true);
  olderMigrationsDir = await mkdtemp(path.join(tmpdir(), "shop-before-variants-"));
  await cp(migrationsDir, olderMigrationsDir, { recursive: true });
  await writeFile(
    path.join(olderMigrationsDir, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, position) }),
  );

  const serverUrl = inject("testDatabaseUrl");
  if (!serverUrl) {
    database = await openDatabase({ kind: "pglite" });
  } else {
    const name = `shop_migration_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: "postgres", url: url.toString() });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  await migrateFrom(olderMigrationsDir);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
  await rm(olderMigrationsDir, { recursive: true, force: true });
});

/** Today's data, written with today's columns only (raw SQL: the schema module knows the new ones). */
async function fillWithTodaysData() {
  const { db } = database;
  await db.execute(sql`
    insert into users (id, name, email, email_verified) values
      ('00000000-0000-4000-8000-000000000001', 'Ann', 'ann@shop.test', true),
      ('00000000-0000-4000-8000-000000000002', 'Bob', 'bob@shop.test', true)`);
  for (let index = 1; index <= 12; index++) {
    const id = `10000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
    await db.execute(sql`
      insert into products (id, name, description, price_cents, category, image, stock, created_at)
      values (${id}, ${`Product ${index}`}, 'Made before variants.', ${index * 1000 + 99},
        ${["mans", "shoes", "womans", "gadgets"][index % 4]}, ${`/demo/products/p${index}.svg`},
        ${index === 3 ? 0 : index * 5}, now() - make_interval(days => ${index}))`);
  }
  const product = (index: number) => `10000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
  await db.execute(sql`
    insert into cart_lines (user_id, product_id, quantity) values
      ('00000000-0000-4000-8000-000000000001', ${product(1)}, 2),
      ('00000000-0000-4000-8000-000000000001', ${product(2)}, 1),
      ('00000000-0000-4000-8000-000000000002', ${product(1)}, 7),
      ('00000000-0000-4000-8000-000000000002', ${product(12)}, 99)`);
  const orderIds: string[] = [];
  for (const [index, status] of (["paid", "shipped", "delivered", "cancelled", "paid"] as const).entries()) {
    const id = `20000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`;
    orderIds.push(id);
    await db.execute(sql`
      insert into orders (id, user_id, email, status, total_cents, delivery_name, delivery_address,
        delivery_city, delivery_phone, payment_provider, payment_reference, card_last4, idempotency_key)
      values (${id}, '00000000-0000-4000-8000-000000000001', 'ann@shop.test', ${status}, 1,
        'Ann', '1 Road', 'Dhaka', '+8801712345678', 'test', ${`ref-${index}`}, '4242', ${randomUUID()})`);
  }
  // Lines of products that still exist, and one whose product was deleted (product_id null).
  await db.execute(sql`
    insert into order_lines (order_id, product_id, name, image, unit_price_cents, quantity) values
      (${orderIds[0]}, ${product(5)}, 'Product 5', '/demo/products/p5.svg', 5099, 3),
      (${orderIds[0]}, ${product(6)}, 'Product 6', '/demo/products/p6.svg', 6099, 1),
      (${orderIds[1]}, ${product(5)}, 'Product 5', '/demo/products/p5.svg', 4999, 2),
      (${orderIds[2]}, ${product(7)}, 'Product 7', '/demo/products/p7.svg', 7099, 4),
      (${orderIds[3]}, ${product(8)}, 'Product 8', '/demo/products/p8.svg', 8099, 9),
      (${orderIds[4]}, null, 'Gone Product', '/demo/products/gone.svg', 1234, 2)`);
  await db.execute(sql`
    update orders o set total_cents = (select sum(unit_price_cents * quantity) from order_lines l where l.order_id = o.id)`);
}

/** The figures a shopper, an owner and the best-seller list see. */
async function figures() {
  const { db } = database;
  const [productRows, cartRows, orderRows, lineRows, soldRows] = await Promise.all([
    selectRows(
      db,
      sql`select id, name, price_cents, stock, image, category::text, description from products order by id`,
    ),
    selectRows(db, sql`select id, user_id, product_id, quantity from cart_lines order by id`),
    selectRows(db, sql`select id, number, status::text, total_cents from orders order by id`),
    selectRows(
      db,
      sql`select id, order_id, product_id, name, image, unit_price_cents, quantity from order_lines order by id`,
    ),
    selectRows<{ product_id: string }>(
      db,
      sql`select l.product_id from order_lines l join orders o on o.id = l.order_id
          where o.status in ('paid', 'shipped', 'delivered') and l.product_id is not null
          group by l.product_id order by sum(l.quantity) desc, l.product_id`,
    ),
  ]);
  return { productRows, cartRows, orderRows, lineRows, sold: soldRows.map((row) => row.product_id) };
}

describe("the variants migration", () => {
  it("keeps every product, price, stock, cart line, order and best seller, and gives each product one default variant", async () => {
    await fillWithTodaysData();
    const before = await figures();
    expect(before.productRows).toHaveLength(12);

    await migrateFrom(migrationsDir);

    expect(await figures()).toEqual(before);
    const { db } = database;
    const variants = await selectRows<{
      product_id: string;
      option_values: string[];
      price_cents: number;
      stock: number;
    }>(
      db,
      sql`select product_id, option_values, price_cents, stock from product_variants order by product_id`,
    );
    expect(variants).toEqual(
      before.productRows.map((row) => {
        const product = row as { id: string; price_cents: number; stock: number };
        return {
          product_id: product.id,
          option_values: [],
          price_cents: product.price_cents,
          stock: product.stock,
        };
      }),
    );
    const derived = await selectRows(
      db,
      sql`select count(*)::int as mismatched from products
          where max_price_cents <> price_cents or variant_count <> 1`,
    );
    expect(derived).toEqual([{ mismatched: 0 }]);
    // Every cart line and every order line of an existing product points at that product's variant.
    const strayLines = await selectRows(
      db,
      sql`select (select count(*)::int from cart_lines c join product_variants v on v.id = c.variant_id
                  where v.product_id <> c.product_id) +
                 (select count(*)::int from cart_lines where variant_id is null) +
                 (select count(*)::int from order_lines where product_id is not null and variant_id is null) +
                 (select count(*)::int from order_lines where options <> '[]'::jsonb) as stray`,
    );
    expect(strayLines).toEqual([{ stray: 0 }]);
    // The best sellers the home page shows, in the same order (topped up with the newest).
    const best = await bestSellers(db, 8);
    expect(best.slice(0, before.sold.length).map((product) => product._id)).toEqual(before.sold);
  });

  it("after it, a product-wide price or stock write reaches the only variant, and the variants' figures come back", async () => {
    const { db } = database;
    const id = "10000000-0000-4000-8000-000000000004";
    await db.execute(sql`update products set price_cents = 1500, stock = 33 where id = ${id}`);
    const [variant] = await selectRows(
      db,
      sql`select price_cents, stock from product_variants where product_id = ${id}`,
    );
    expect(variant).toEqual({ price_cents: 1500, stock: 33 });
    await db.execute(sql`update product_variants set stock = stock - 3 where product_id = ${id}`);
    const [product] = await selectRows(db, sql`select price_cents, stock from products where id = ${id}`);
    expect(product).toEqual({ price_cents: 1500, stock: 30 });
  });
});
