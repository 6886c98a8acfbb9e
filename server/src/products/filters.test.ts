import {
  CATEGORIES,
  PRICE_RANGES,
  PRODUCT_SORTS,
  type Category,
  type Product,
  type ProductFacets,
  type ProductSort,
} from "@shop/contract/catalogue";
import { compareSizes } from "@shop/contract/catalogue-constants";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { seedLargeCatalogue } from "../db/large-catalogue";
import { orderLines, orders } from "../db/schema";
import { CatalogueIndex } from "./catalogue-index";
import { catalogueQueryOf } from "./filters";
import { listProducts, productFacets } from "./service";

/**
 * Every filter and order, alone and combined, through the API (answered by the catalogue index)
 * and through SQL (the service without the index), each checked against a plain SQL query over
 * generated data written here by hand.
 */
let context: TestContext;
const tiedAt = new Date("2026-01-01T00:00:00Z");

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  // Clothes and shoes in sizes (some in colours), gadgets, bags and watches in one variant.
  await seedLargeCatalogue(db, 1_200, { withSizes: true });
  // Ties on price and on creation time, so the fallback on newest-then-id is exercised.
  for (const name of ["Tied Linen Watch A", "Tied Linen Watch B", "Tied Linen Watch C"]) {
    await insertProduct(db, { name, priceCents: 5000, category: "shoes", createdAt: tiedAt });
  }
  // About a third of the variants out of stock (so some products are, whole); ratings with ties
  // and fractions (sum between count and 5 × count).
  await db.execute(sql`update product_variants set stock = 0 where abs(hashtext(id::text)) % 3 = 0`);
  await db.execute(sql`update products set rating_count = abs(hashtext(name)) % 4`);
  // Sales: a variant in four has a sale price (10 to 60 % off); a product in five's sale is over
  // and one in five's has not started, so the prices and "on sale" depend on the window too.
  await db.execute(sql`update product_variants
    set sale_price_cents = greatest(1, price_cents * (40 + abs(hashtext(id::text || 'sale')) % 51) / 100)
    where abs(hashtext(id::text || 'on')) % 4 = 0 and price_cents > 1`);
  await db.execute(sql`update products set
    sale_starts_at = case abs(hashtext(id::text || 'w')) % 5
      when 0 then now() + interval '3 days' when 1 then now() - interval '9 days' else now() - interval '1 day' end,
    sale_ends_at = case abs(hashtext(id::text || 'w')) % 5
      when 1 then now() - interval '2 days' when 2 then null else now() + interval '5 days' end`);
  await db.execute(
    sql`update products set rating_sum = rating_count * (1 + abs(hashtext(id::text)) % 5)
        + case when rating_count > 1 and abs(hashtext(id::text)) % 5 < 4 then 1 else 0 end`,
  );
  // Orders: paid and delivered ones count as sold, cancelled ones do not.
  const { rows: picked } = (await db.execute(
    sql`select id, name from products order by md5(id::text) limit 60`,
  )) as unknown as { rows: { id: string; name: string }[] };
  for (const [index, product] of picked.entries()) {
    const status = index % 5 === 3 ? "delivered" : index % 5 === 4 ? "cancelled" : "paid";
    const [order] = await db
      .insert(orders)
      .values({
        email: "buyer@shop.test",
        status,
        totalCents: 1000,
        subtotalCents: 1000,
        deliveryName: "Buyer",
        deliveryAddress: "1 Road",
        deliveryCity: "Town",
        deliveryPhone: "0123456789",
        paymentProvider: "test",
        paymentReference: `ref-${index}`,
        cardLast4: "4242",
        idempotencyKey: crypto.randomUUID(),
      })
      .returning({ id: orders.id });
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId: product.id,
      name: product.name,
      image: "/demo/products/test.svg",
      unitPriceCents: 1000,
      quantity: 1 + (index % 7),
    });
  }
  await rebuildIndex();
}, 120_000);
afterAll(() => context.close());

/**
 * Drops this instance's answers and index and builds the index again. Directly, not through
 * catalogueChanged(): on PostgreSQL its NOTIFY comes back to this instance a moment later and
 * would drop the index just built.
 */
async function rebuildIndex() {
  context.app.catalogueCache.invalidate();
  context.app.catalogueIndex.invalidate();
  await context.app.catalogueIndex.warm();
  expect(context.app.catalogueIndex.isReady).toBe(true);
}

interface Case {
  q?: string;
  category?: Category;
  minPrice?: number;
  maxPrice?: number;
  size?: string;
  colour?: string;
  inStock?: boolean;
  onSale?: boolean;
  sort?: ProductSort;
}

/**
 * A variant's sale runs now: the product's window holds the present (the test's windows are days
 * from now). Read from the variants, not the columns the trigger derives from them.
 */
const VARIANT_SALE_RUNS = `v.sale_price_cents is not null
  and (p.sale_starts_at is null or p.sale_starts_at <= now()) and (p.sale_ends_at is null or p.sale_ends_at > now())`;
/**
 * The products `base` keeps (all by default), each with its values now, computed once per product
 * per query (a lateral over its variants, and the units sold) instead of in a subquery per use:
 * `ref_price_now`, its cheapest variant at a running sale's price; `ref_saving_now`, its largest
 * saving now in whole percent; `ref_units`, the units of paid, shipped and delivered orders. Read
 * at each query, so never stale. `base` applies first (offset 0 keeps the planner from merging it):
 * the values are computed for the products it keeps only.
 */
const productsNow = (base: SQL = sql`true`) => sql`(select p.*, d.ref_price_now, d.ref_saving_now,
    coalesce(s.units, 0) as ref_units
  from (select * from products p where ${base} offset 0) p
  cross join lateral (
    select min(case when ${sql.raw(VARIANT_SALE_RUNS)} then v.sale_price_cents else v.price_cents end) as ref_price_now,
      coalesce(max(case when ${sql.raw(VARIANT_SALE_RUNS)}
        then round((v.price_cents - v.sale_price_cents) * 100.0 / v.price_cents) end), 0) as ref_saving_now
    from product_variants v where v.product_id = p.id
  ) d
  left join (
    select l.product_id, sum(l.quantity) as units from order_lines l
    join orders o on o.id = l.order_id
    where o.status in ('paid', 'shipped', 'delivered') group by l.product_id
  ) s on s.product_id = p.id)`;

/** The reference: one plain SQL query per case, independent of the service's query builder. */
const ORDER_SQL: Record<ProductSort, string> = {
  newest: "",
  "price-asc": "p.ref_price_now asc,",
  "price-desc": "p.ref_price_now desc,",
  saving: "p.ref_saving_now desc,",
  "best-selling": "p.ref_units desc,",
  rating:
    "(case when p.rating_count = 0 then 0 else p.rating_sum::float8 / p.rating_count end) desc, p.rating_count desc,",
};

/** The conditions of `filter` on `p`, a product, by its own columns and its variants. */
function baseConditions(filter: Case) {
  return [
    sql`true`,
    ...wordConditions(filter),
    ...(filter.category ? [sql`p.category = ${filter.category}`] : []),
    ...(filter.size !== undefined || filter.colour !== undefined
      ? [sql`exists (${matchingVariants(filter)})`]
      : filter.inStock
        ? [sql`p.stock > 0`]
        : []),
  ];
}

/** Its condition on the name. */
const wordConditions = (filter: Case) => (filter.q ? [sql`p.name ilike ${`%${filter.q}%`}`] : []);

/** Its conditions on `p`'s values now (`p` a product of productsNow()). */
function valueConditions(filter: Case) {
  return [
    sql`true`,
    ...(filter.minPrice !== undefined ? [sql`p.ref_price_now >= ${Math.round(filter.minPrice * 100)}`] : []),
    ...(filter.maxPrice !== undefined ? [sql`p.ref_price_now < ${Math.round(filter.maxPrice * 100)}`] : []),
    ...(filter.onSale ? [sql`p.ref_saving_now > 0`] : []),
  ];
}

/** The variants of `p` with the filter's size and colour (and stock), by joins on the options. */
function matchingVariants(filter: Case) {
  return sql`select 1 from product_variants v
    left join product_options s on s.product_id = v.product_id and lower(s.name) = 'size'
    left join product_options c on c.product_id = v.product_id and lower(c.name) in ('colour', 'color')
    where v.product_id = p.id
    ${filter.size === undefined ? sql`` : sql`and v.option_values[s.position + 1] = ${filter.size}`}
    ${filter.colour === undefined ? sql`` : sql`and v.option_values[c.position + 1] = ${filter.colour}`}
    ${filter.inStock ? sql`and v.stock > 0` : sql``}`;
}

/** The sizes or colours of the products matching `q` and the category. */
async function referenceValues(filter: Case, optionNames: string[], made?: CountsMade) {
  const key = JSON.stringify([filter.q, filter.category, optionNames]);
  const known = made?.values.get(key);
  if (known) return known;
  const { rows } = (await context.database.db.execute(sql`
    select distinct v.option_values[o.position + 1] as value
    from products p
    join product_options o on o.product_id = p.id and lower(o.name) in (${sql.join(
      optionNames.map((name) => sql`${name}`),
      sql`, `,
    )})
    join product_variants v on v.product_id = p.id
    where ${sql.join(baseConditions({ q: filter.q, category: filter.category }), sql` and `)}`)) as unknown as {
    rows: { value: string }[];
  };
  const values = rows.map((row) => row.value);
  made?.values.set(key, values);
  return values;
}

/**
 * Every product `filter` leaves, in its order: the reference for each page of it (a slice) and for
 * its total (the length), one query for all the pages.
 */
async function referenceOrder(filter: Case) {
  const { rows } = (await context.database.db.execute(sql`
    select p.id
    from ${productsNow(sql.join(baseConditions(filter), sql` and `))} p
    where ${sql.join(valueConditions(filter), sql` and `)}
    order by ${sql.raw(ORDER_SQL[filter.sort ?? "newest"])} p.created_at desc, p.id asc`)) as unknown as {
    rows: { id: string }[];
  };
  return rows.map((row) => row.id);
}

const pageOf = (ordered: string[], page: { limit: number; offset: number }) => ({
  ids: ordered.slice(page.offset, page.offset + page.limit),
  total: ordered.length,
});

/**
 * Counts (and facet values) already made during one pass over many cases, by filter:
 * neighbouring cases' facets ask for many of the same counts. Only for a pass that changes no
 * data; a test that changes data makes a new one after the change.
 */
interface CountsMade {
  counts: Map<string, number>;
  /** The sizes or colours of a word and category's products. */
  values: Map<string, string[]>;
}
const countsMade = (): CountsMade => ({ counts: new Map(), values: new Map() });

/** A filter's key: its set conditions in name order (the order changes no count). */
const keyOf = (filter: Case) =>
  JSON.stringify(
    Object.entries(filter)
      .filter(([name, value]) => value !== undefined && name !== "sort")
      .sort(),
  );

/**
 * How many products each filter leaves: the ones not in `made` counted in one pass over the
 * products, a `count(*) filter (where …)` per filter with the same conditions as a list's (a
 * single filter's on its own products only, many filters' on the products of their shared word).
 */
async function referenceCounts(filters: Case[], made = countsMade()) {
  const missing = [...new Map(filters.map((filter) => [keyOf(filter), filter])).entries()].filter(
    ([key]) => !made.counts.has(key),
  );
  if (missing.length) {
    const [[, first]] = missing as [[string, Case]];
    const one = missing.length === 1;
    const base = one
      ? baseConditions(first)
      : [sql`true`, ...(missing.every(([, filter]) => filter.q === first.q) ? wordConditions(first) : [])];
    const conditions = (filter: Case) =>
      one ? valueConditions(filter) : [...baseConditions(filter), ...valueConditions(filter)];
    // One statement for all the counts; the app's connections run without JIT (db/client.ts).
    const { rows } = (await context.database.db.execute(sql`select ${sql.join(
      missing.map(
        ([, filter], at) =>
          sql`count(*) filter (where ${sql.join(conditions(filter), sql` and `)}) as ${sql.raw(`c${at}`)}`,
      ),
      sql`, `,
    )}
      from ${productsNow(sql.join(base, sql` and `))} p`)) as unknown as {
      rows: Record<string, string | number>[];
    };
    for (const [at, [key]] of missing.entries()) made.counts.set(key, Number(rows[0]![`c${at}`]));
  }
  return filters.map((filter) => made.counts.get(keyOf(filter))!);
}

async function referenceCount(filter: Case, made?: CountsMade) {
  return (await referenceCounts([filter], made))[0]!;
}

async function referenceFacets(filter: Case, made?: CountsMade): Promise<ProductFacets> {
  const sizes = [...(await referenceValues(filter, ["size"], made))].sort(compareSizes);
  const colours = [...(await referenceValues(filter, ["colour", "color"], made))].sort((a, b) =>
    a.localeCompare(b),
  );
  const priceRangeFilter = (range: (typeof PRICE_RANGES)[number]): Case => ({
    ...filter,
    ...(range.min === null ? { minPrice: undefined } : { minPrice: range.min }),
    ...(range.max === null ? { maxPrice: undefined } : { maxPrice: range.max }),
  });
  // Every count of the facets in one query (those not counted before).
  const counts = await referenceCounts(
    [
      filter,
      ...CATEGORIES.map((value) => ({ ...filter, category: value })),
      ...PRICE_RANGES.map(priceRangeFilter),
      ...sizes.map((value) => ({ ...filter, size: value })),
      ...colours.map((value) => ({ ...filter, colour: value })),
      { ...filter, inStock: true },
      { ...filter, onSale: true },
    ],
    made,
  );
  const next = () => counts.shift()!;
  return {
    total: next(),
    categories: CATEGORIES.map((value) => ({ value, count: next() })),
    priceRanges: PRICE_RANGES.map((range) => ({ ...range, count: next() })),
    sizes: sizes.map((value) => ({ value, count: next() })),
    colours: colours.map((value) => ({ value, count: next() })),
    inStock: next(),
    onSale: next(),
  };
}

const urlOf = (path: string, filter: Case, page?: { limit: number; offset: number }) => {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.category) params.set("catagory", filter.category);
  if (filter.minPrice !== undefined) params.set("minPrice", String(filter.minPrice));
  if (filter.maxPrice !== undefined) params.set("maxPrice", String(filter.maxPrice));
  if (filter.size !== undefined) params.set("size", filter.size);
  if (filter.colour !== undefined) params.set("colour", filter.colour);
  if (filter.inStock) params.set("inStock", "true");
  if (filter.onSale) params.set("onSale", "1");
  if (filter.sort) params.set("sort", filter.sort);
  if (page) {
    params.set("limit", String(page.limit));
    params.set("offset", String(page.offset));
  }
  return `${path}?${params}`;
};

const serviceQueryOf = (filter: Case, page = { limit: 100, offset: 0 }) =>
  catalogueQueryOf({
    q: filter.q,
    category: filter.category,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    size: filter.size,
    colour: filter.colour,
    inStock: filter.inStock,
    onSale: filter.onSale,
    sort: filter.sort,
    ...page,
  });

const QUERIES = [undefined, "watch", "linen", "oot"];
const CATEGORY_CHOICES = [undefined, "shoes" as const];
const PRICES: Pick<Case, "minPrice" | "maxPrice">[] = [
  {},
  { minPrice: 25 },
  { maxPrice: 100 },
  { minPrice: 50, maxPrice: 200 },
  { minPrice: 49.99, maxPrice: 50.01 },
];
/** In stock and on sale: each alone (together they would double the cases again). */
const STOCK_CHOICES: Pick<Case, "inStock" | "onSale">[] = [{}, { inStock: true }, { onSale: true }];
const PAGES = [
  { limit: 8, offset: 0 },
  { limit: 5, offset: 13 },
];

function* everyCombination(): Generator<Case> {
  for (const q of QUERIES)
    for (const category of CATEGORY_CHOICES)
      for (const price of PRICES)
        for (const stockOrSale of STOCK_CHOICES) {
          const filter: Case = { ...price };
          if (q) filter.q = q;
          if (category) filter.category = category;
          Object.assign(filter, stockOrSale);
          yield filter;
        }
}

/**
 * Size and colour with the rest: fewer of the others, so the cases stay few (each facet answer
 * costs a reference query per value). XXL is a size no product has; a price range joins some.
 */
const VARIANT_CHOICES: Pick<Case, "size" | "colour">[] = [
  { size: "M" },
  { size: "42" },
  { colour: "Black" },
  { size: "M", colour: "Red" },
  { size: "XXL" },
];

function* everyVariantCombination(): Generator<Case> {
  for (const q of [undefined, "linen"])
    for (const category of CATEGORY_CHOICES)
      for (const stockOrSale of STOCK_CHOICES)
        for (const [index, variant] of VARIANT_CHOICES.entries()) {
          const filter: Case = { ...variant, ...(index % 2 === 1 ? { maxPrice: 100 } : {}) };
          if (q) filter.q = q;
          if (category) filter.category = category;
          Object.assign(filter, stockOrSale);
          yield filter;
        }
}

/** Every category, stock and size/colour choice with the given words, prices and orders. */
function* everyFilterWith(options: {
  queries: readonly (string | undefined)[];
  prices: readonly Pick<Case, "minPrice" | "maxPrice">[];
  sorts: readonly (ProductSort | undefined)[];
}): Generator<Case> {
  for (const q of options.queries)
    for (const category of CATEGORY_CHOICES)
      for (const price of options.prices)
        for (const stockOrSale of STOCK_CHOICES)
          for (const variant of VARIANT_CHOICES)
            for (const sort of options.sorts) {
              const filter: Case = { ...price, ...variant };
              if (q) filter.q = q;
              if (category) filter.category = category;
              Object.assign(filter, stockOrSale);
              if (sort) filter.sort = sort;
              yield filter;
            }
}

/** A product with a medium in stock: the first or the last by variant id. */
async function aMediumInStock(which: "first" | "last") {
  const { rows } = (await context.database.db.execute(sql`
    select p.id, p.name from product_variants v
    join products p on p.id = v.product_id
    join product_options o on o.product_id = v.product_id and o.name = 'Size'
    where v.option_values[o.position + 1] = 'M' and v.stock > 0
    order by v.id ${sql.raw(which === "first" ? "asc" : "desc")} limit 1`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  return rows[0]!;
}

/** Sells out every variant of the product and tells `index` and the app, as an order would. */
async function sellOut(index: CatalogueIndex, productId: string) {
  const { db } = context.database;
  await db.execute(sql`update product_variants set stock = 0 where product_id = ${productId}`);
  await db.execute(sql`update products set stock = 0 where id = ${productId}`);
  index.invalidate({ stockOf: [productId] });
  await context.app.catalogueChanged({ stockOf: [productId] });
}

describe("product list filters and orders", () => {
  it("answer every filter and order, alone and combined, as plain SQL does (API through the index, and SQL)", async () => {
    let checked = 0;
    for (const filter of everyCombination()) {
      for (const sort of PRODUCT_SORTS) {
        const sorted = { ...filter, sort };
        const ordered = await referenceOrder(sorted);
        for (const page of PAGES) {
          const expected = pageOf(ordered, page);
          const response = await context.app.inject(urlOf("/api/products", sorted, page));
          expect(response.statusCode).toBe(200);
          const label = JSON.stringify({ ...sorted, ...page });
          const ids = (response.json() as Product[]).map((product) => product._id);
          expect(ids, label).toEqual(expected.ids);
          const total = Number(response.headers["x-total-count"]);
          expect(total, label).toBe(expected.total);

          const fromSql = await listProducts(context.database.db, serviceQueryOf(sorted, page));
          expect(
            fromSql.items.map((product) => product._id),
            `${label} (SQL)`,
          ).toEqual(expected.ids);
          expect(fromSql.total, `${label} (SQL)`).toBe(total);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(
      QUERIES.length * 2 * PRICES.length * STOCK_CHOICES.length * PRODUCT_SORTS.length * PAGES.length,
    );
  }, 600_000);

  it("really filters and orders: the generated data has matches, misses, ties and sales", async () => {
    const all = await referenceCount({});
    expect(await referenceCount({ inStock: true })).toBeGreaterThan(0);
    expect(await referenceCount({ inStock: true })).toBeLessThan(all);
    // Sales running, over and not yet started: some products on sale, most not.
    expect(await referenceCount({ onSale: true })).toBeGreaterThan(0);
    expect(await referenceCount({ onSale: true })).toBeLessThan(all / 2);
    const bySaving = (await context.app.inject("/api/products?sort=saving&limit=100")).json() as Product[];
    expect(bySaving[0]!.savingPercent).toBeGreaterThan(0);
    expect(bySaving.map((product) => product.savingPercent)).toEqual(
      [...bySaving.map((product) => product.savingPercent)].sort((a, b) => b - a),
    );
    const byPrice = (await context.app.inject("/api/products?sort=price-asc&limit=100")).json() as Product[];
    expect(byPrice.map((product) => product.price)).toEqual(
      [...byPrice.map((product) => product.price)].sort((a, b) => a - b),
    );
    const tied = (
      await context.app.inject("/api/products?q=tied%20linen&sort=price-asc")
    ).json() as Product[];
    expect(tied.map((product) => product.productname)).toHaveLength(3);
    const best = (await context.app.inject("/api/products?sort=best-selling&limit=3")).json() as Product[];
    const newest = (await context.app.inject("/api/products?limit=3")).json() as Product[];
    expect(best.map((product) => product._id)).not.toEqual(newest.map((product) => product._id));
  });

  it("count for every value how many products it would leave, as plain SQL does", async () => {
    const made = countsMade();
    for (const filter of everyCombination()) {
      const expected = await referenceFacets(filter, made);
      const label = JSON.stringify(filter);
      const response = await context.app.inject(urlOf("/api/products/facets", filter));
      expect(response.statusCode, label).toBe(200);
      expect(response.json(), label).toEqual(expected);
      expect(await productFacets(context.database.db, serviceQueryOf(filter)), `${label} (SQL)`).toEqual(
        expected,
      );
    }
  }, 600_000);

  it("filter by size and colour, alone, together and with the rest, as plain SQL does (lists and facets)", async () => {
    let checked = 0;
    const made = countsMade();
    for (const filter of everyVariantCombination()) {
      for (const sort of ["newest", "price-asc"] as const) {
        const sorted = { ...filter, sort };
        const page = { limit: 8, offset: 3 };
        const expected = pageOf(await referenceOrder(sorted), page);
        const label = JSON.stringify(sorted);
        const response = await context.app.inject(urlOf("/api/products", sorted, page));
        expect(response.statusCode, label).toBe(200);
        expect(
          (response.json() as Product[]).map((product) => product._id),
          label,
        ).toEqual(expected.ids);
        expect(Number(response.headers["x-total-count"]), label).toBe(await referenceCount(sorted));
        const fromSql = await listProducts(context.database.db, serviceQueryOf(sorted, page));
        expect(
          fromSql.items.map((product) => product._id),
          `${label} (SQL)`,
        ).toEqual(expected.ids);
      }
      const expectedFacets = await referenceFacets(filter, made);
      const label = JSON.stringify(filter);
      expect((await context.app.inject(urlOf("/api/products/facets", filter))).json(), label).toEqual(
        expectedFacets,
      );
      expect(await productFacets(context.database.db, serviceQueryOf(filter)), `${label} (SQL)`).toEqual(
        expectedFacets,
      );
      checked += 1;
    }
    expect(checked).toBe(2 * 2 * STOCK_CHOICES.length * VARIANT_CHOICES.length);
  }, 600_000);

  it("count by blocks in price order (a large catalogue's way, here with blocks of 16; a word's matches in blocks of their own) as plain SQL does, also after a stock change", async () => {
    const { db } = context.database;
    const index = new CatalogueIndex(db, { facetBlockSize: 16 });
    await index.warm();
    const cases = [...everyFilterWith({ queries: QUERIES, prices: PRICES, sorts: [undefined] })];
    const made = countsMade();
    for (const filter of cases) {
      const label = JSON.stringify(filter);
      expect(await productFacets(db, serviceQueryOf(filter), index), label).toEqual(
        await referenceFacets(filter, made),
      );
    }
    // Sell out a medium in stock: the blocks made before must not count it.
    const product = await aMediumInStock("first");
    const inStockMedium: Case[] = [
      { size: "M", inStock: true },
      // Its material (generated names are "adjective material type number"), a word many names
      // share: the word's own blocks must not count it either.
      { size: "M", inStock: true, q: product.name.toLowerCase().split(" ")[1]! },
    ];
    const before = await Promise.all(
      inStockMedium.map((filter) => productFacets(db, serviceQueryOf(filter), index)),
    );
    await sellOut(index, product.id);
    for (const [at, filter] of inStockMedium.entries()) {
      const after = await productFacets(db, serviceQueryOf(filter), index);
      expect(after, JSON.stringify(filter)).toEqual(await referenceFacets(filter));
      expect(after.total).toBe(before[at]!.total - 1);
    }
    expect(cases.length).toBe(
      QUERIES.length *
        CATEGORY_CHOICES.length *
        PRICES.length *
        STOCK_CHOICES.length *
        VARIANT_CHOICES.length,
    );
  }, 600_000);

  it("list without a word from bit sets cut at price steps (a large catalogue's way, here steps of 16) as plain SQL does, also after a stock change", async () => {
    const { db } = context.database;
    const index = new CatalogueIndex(db, { priceStep: 16 });
    await index.warm();
    const prices = [...PRICES, { minPrice: 10, maxPrice: 10.5 }, { minPrice: 300, maxPrice: 20 }];
    const cases = [...everyFilterWith({ queries: [undefined], prices, sorts: PRODUCT_SORTS })];
    const listsMatch = async (filters: Case[]) => {
      for (const filter of filters) {
        const ordered = await referenceOrder(filter);
        for (const page of PAGES) {
          const label = JSON.stringify({ ...filter, ...page });
          const expected = pageOf(ordered, page);
          const listed = await listProducts(db, serviceQueryOf(filter, page), index);
          expect(
            listed.items.map((product) => product._id),
            label,
          ).toEqual(expected.ids);
          expect(listed.total, label).toBe(expected.total);
        }
      }
    };
    await listsMatch(cases);
    // Sell out a product in stock: the in-stock sets made before must leave it out.
    const product = await aMediumInStock("last");
    // The variants' set, and the product's own stock (with and without a price).
    const inStock: Case[] = [
      { size: "M", inStock: true },
      { inStock: true },
      { inStock: true, maxPrice: 100 },
    ];
    const before = await Promise.all(
      inStock.map(async (filter) => (await listProducts(db, serviceQueryOf(filter, PAGES[0]!), index)).total),
    );
    await sellOut(index, product.id);
    await listsMatch(inStock);
    const after = await Promise.all(
      inStock.map(async (filter) => (await listProducts(db, serviceQueryOf(filter, PAGES[0]!), index)).total),
    );
    expect(after.slice(0, 2)).toEqual([before[0]! - 1, before[1]! - 1]);
    expect(cases.length).toBe(
      CATEGORY_CHOICES.length *
        prices.length *
        STOCK_CHOICES.length *
        VARIANT_CHOICES.length *
        PRODUCT_SORTS.length,
    );
  }, 600_000);

  it("really filter by variant: a size and colour in stock together, not each on another variant", async () => {
    const sizes = (await referenceValues({}, ["size"])).sort(compareSizes);
    expect(sizes).toEqual(["XS", "S", "M", "L", "XL", "38", "39", "40", "41", "42", "43", "44"]);
    const all = await referenceCount({});
    const medium = await referenceCount({ size: "M" });
    const mediumInStock = await referenceCount({ size: "M", inStock: true });
    expect(medium).toBeGreaterThan(0);
    expect(medium).toBeLessThan(all);
    expect(mediumInStock).toBeGreaterThan(0);
    expect(mediumInStock).toBeLessThan(medium);
    // Some products have a black variant in stock and an M in stock, but not a black M in stock.
    const { rows } = (await context.database.db.execute(sql`
      select count(*) as n from products p
      where exists (${matchingVariants({ size: "M", inStock: true })})
        and exists (${matchingVariants({ colour: "Black", inStock: true })})
        and not exists (${matchingVariants({ size: "M", colour: "Black", inStock: true })})`)) as unknown as {
      rows: { n: string | number }[];
    };
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    const facets = (
      await context.app.inject("/api/products/facets?catagory=shoes&size=42&inStock=true")
    ).json() as ProductFacets;
    // A shoe page lists shoe sizes only; the chosen size's count is the list's total.
    expect(facets.sizes.map((entry) => entry.value)).toEqual(["38", "39", "40", "41", "42", "43", "44"]);
    expect(facets.sizes.find((entry) => entry.value === "42")?.count).toBe(facets.total);
    expect(facets.total).toBe(await referenceCount({ category: "shoes", size: "42", inStock: true }));
  });

  it("show a variant's stock change at once in size-filtered in-stock lists and counts", async () => {
    const { rows } = (await context.database.db.execute(sql`
      select v.id, v.product_id from product_variants v
      join product_options o on o.product_id = v.product_id and o.name = 'Size'
      where v.option_values[o.position + 1] = 'XS' and v.stock > 0
      order by v.id limit 1`)) as unknown as { rows: { id: string; product_id: string }[] };
    const { id, product_id: productId } = rows[0]!;
    await rebuildIndex();
    const count = async () => {
      const listed = await context.app.inject("/api/products?size=XS&inStock=true&limit=1");
      const facets = (await context.app.inject("/api/products/facets?inStock=true")).json() as ProductFacets;
      return {
        listed: Number(listed.headers["x-total-count"]),
        counted: facets.sizes.find((entry) => entry.value === "XS")?.count,
      };
    };
    const before = await count();
    expect(before.listed).toBe(await referenceCount({ size: "XS", inStock: true }));
    expect(before.counted).toBe(before.listed);
    // Sell out every XS of that product.
    await context.database.db.execute(sql`update product_variants set stock = 0
      where product_id = ${productId} and option_values[1] = 'XS'`);
    await context.app.catalogueChanged({ stockOf: [productId] });
    const after = await count();
    expect(after.listed).toBe(await referenceCount({ size: "XS", inStock: true }));
    expect(after.listed).toBe(before.listed - 1);
    expect(after.counted).toBe(after.listed);
    expect(id).toBeTruthy();
  });

  it("show a stock change at once in in-stock lists and counts", async () => {
    const id = await insertProduct(context.database.db, { name: "Unique Brass Compass", stock: 1 });
    await rebuildIndex();
    const count = async () => {
      const response = await context.app.inject("/api/products?q=brass%20compass&inStock=true");
      const facets = (
        await context.app.inject("/api/products/facets?q=brass%20compass")
      ).json() as ProductFacets;
      return { listed: response.headers["x-total-count"], inStock: facets.inStock };
    };
    expect(await count()).toEqual({ listed: "1", inStock: 1 });
    await context.database.db.execute(sql`update products set stock = 0 where id = ${id}`);
    await context.app.catalogueChanged({ stockOf: [id] });
    expect(await count()).toEqual({ listed: "0", inStock: 0 });
  });

  it.each([
    "sort=cheapest",
    "minPrice=-1",
    "maxPrice=abc",
    "minPrice=10.001",
    "minPrice=50&maxPrice=50",
    "minPrice=80&maxPrice=20",
    "inStock=yes",
    "size=",
    `colour=${"x".repeat(41)}`,
  ])("answers 400 problem+json for %s, on lists and facets", async (query) => {
    for (const path of ["/api/products", "/api/shoes", "/api/products/facets"]) {
      const response = await context.app.inject(`${path}?${query}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
    }
  });
});
