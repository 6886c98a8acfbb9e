import type { Category, Product } from "@shop/contract/catalogue";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { registerAccount, type TestAccount } from "../../test/support/accounts";
import { insertProduct } from "../../test/support/catalogue";
import { createTestApp, type TestContext } from "../../test/support/test-app";
import { eq, sql } from "drizzle-orm";
import { seedLargeCatalogue } from "../db/large-catalogue";
import { products, productVariants } from "../db/schema";
import { CatalogueIndex } from "./catalogue-index";
import { listProducts, type ProductFilter } from "./service";
import { SearchReference } from "../../test/support/search-reference";
import { Synonyms } from "../search/synonyms";
import { searchSynonyms } from "../db/schema";

let context: TestContext;
let admin: TestAccount;
const tiedAt = new Date("2026-01-01T00:00:00Z");

beforeAll(async () => {
  context = await createTestApp({ config: { adminEmails: ["chief@shop.test"] } });
  admin = await registerAccount(context.app, "chief@shop.test", "Chief");
  const { db } = context.database;
  await seedLargeCatalogue(db, 1_500);
  // Names with LIKE wildcards, mixed case and a shared timestamp (the order falls back on ids).
  for (const name of [
    "100% Cotton Tee_Special",
    "100 Cotton TeeXSpecial",
    "MiXeD CaSe WATCH",
    "Tied Watch A",
  ]) {
    await insertProduct(db, { name, createdAt: tiedAt });
  }
  for (const name of ["Brass Lantern", "Paper Lantern", "Storm Lantern", "Lantern Hook", "Tin Lantern"]) {
    await insertProduct(db, { name, createdAt: tiedAt });
  }
}, 60_000);
afterAll(() => context.close());

const QUERIES = [
  "",
  "watch",
  "WATCH",
  "Wat",
  "a",
  "ch",
  "e 1",
  "%",
  "_",
  "100%",
  "tee_s",
  "zzzz",
  "steel boot",
  "oot 14",
  "lantern",
  "LANTERN",
  "n l",
  // Words: forms, typos, joined and split, synonyms, accents, any order.
  "watches",
  "lantrn",
  "lantern brass",
  "tees",
  "t shirt",
  "tshirt",
  "crème",
  "graphite wol",
  "chronographwatch",
];
const CATEGORIES: (Category | undefined)[] = [undefined, "shoes", "mans"];
const PAGES = [
  { limit: 8, offset: 0 },
  { limit: 5, offset: 7 },
  { limit: 8, offset: 5_000 },
];

const summary = (result: { items: Product[]; total: number }) => ({
  ids: result.items.map((product) => product._id),
  total: result.total,
});

describe("CatalogueIndex", () => {
  it("answers every list exactly as the database does, and every search as the plain reference matches and ranks it", async () => {
    const { db } = context.database;
    const index = new CatalogueIndex(db);
    await index.warm();
    expect(index.isReady).toBe(true);
    // Every product in the database's list order (newest first, then id).
    const everything = (await listProducts(db, { limit: 100_000, offset: 0 })).items;
    const reference = new SearchReference(
      everything.map((product) => ({
        id: product._id,
        name: product.productname,
        description: product.description,
      })),
      new Synonyms((await db.select().from(searchSynonyms)).map((row) => row.terms)),
    );
    for (const q of QUERIES) {
      const scores = q ? reference.scores(q) : undefined;
      for (const category of CATEGORIES) {
        for (const page of PAGES) {
          const filter: ProductFilter = { q, category, ...page };
          // The index must really answer, not hand the search back to the database.
          expect(index.search(q, filter)).toBeDefined();
          // Whole products (price, stock, description), not only the ids: the page comes from memory.
          if (!scores) {
            expect(await listProducts(db, filter, index), JSON.stringify(filter)).toEqual(
              await listProducts(db, filter),
            );
            continue;
          }
          const matching = everything.filter(
            (product) => scores.has(product._id) && (!category || product.catagory === category),
          );
          const newest = await listProducts(db, { ...filter, sort: "newest" }, index);
          expect(newest, JSON.stringify(filter)).toEqual({
            items: matching.slice(page.offset, page.offset + page.limit),
            total: matching.length,
          });
          // Best match first: the lowest score, then in stock, then (nothing sold here) newest.
          const ranked = matching
            .map((product, position) => ({ product, position }))
            .sort(
              (a, b) =>
                scores.get(a.product._id)! - scores.get(b.product._id)! ||
                Number(a.product.stock <= 0) - Number(b.product.stock <= 0) ||
                a.position - b.position,
            )
            .map(({ product }) => product);
          expect(await listProducts(db, filter, index), `${JSON.stringify(filter)} by relevance`).toEqual({
            items: ranked.slice(page.offset, page.offset + page.limit),
            total: matching.length,
          });
        }
      }
    }
  }, 120_000);

  it("remembers recent searches within its limit and answers the same after forgetting them", async () => {
    const { db } = context.database;
    // Room for about one common word's matches: every new search pushes older ones out.
    const index = new CatalogueIndex(db, { maxRememberedPositions: 400 });
    await index.warm();
    const page = { limit: 8, offset: 3 };
    // Two or three characters are a bigram or trigram: answered from the index's own lists, not
    // kept; nor is a search that matches nothing (it would take no room, so no limit would hold).
    for (const q of ["wa", "lin"]) expect(index.search(q, page)?.total, q).toBeGreaterThan(0);
    for (const q of ["watchzz", "zzlinen"]) expect(index.search(q, page)?.total, q).toBe(0);
    expect(index.rememberedSearches).toBe(0);
    const first = index.search("watch", page);
    expect(index.rememberedSearches).toBe(1);
    for (const q of ["linen", "boot", "steel", "denim"]) index.search(q, page);
    expect(index.rememberedSearches).toBeLessThan(5);
    expect(index.search("watch", page)).toEqual(first);
    // The same answers as an index that forgets nothing.
    const unlimited = new CatalogueIndex(db);
    await unlimited.warm();
    for (const q of QUERIES.filter(Boolean)) {
      const filter: ProductFilter = { q, category: "shoes", ...page };
      expect(summary(await listProducts(db, filter, index)), q).toEqual(
        summary(await listProducts(db, filter, unlimited)),
      );
    }
  });

  it("keeps its snapshot past the minute after stock writes alone, and builds again after any other write", async () => {
    const { db } = context.database;
    let now = Date.now();
    const index = new CatalogueIndex(db, { now: () => now });
    await index.warm();
    const [product] = await db.select({ id: products.id, name: products.name }).from(products).limit(1);
    index.search("watch", { limit: 8, offset: 0 });
    expect(index.rememberedSearches).toBe(1);
    // An order's stock write (the variant's, summed into the product's by the trigger).
    await db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + 1` })
      .where(eq(productVariants.productId, product!.id));
    now += 61_000;
    await index.warm();
    expect(index.rememberedSearches, "the same snapshot, kept").toBe(1);
    await db
      .update(products)
      .set({ name: `${product!.name} ` })
      .where(eq(products.id, product!.id));
    now += 61_000;
    await index.warm();
    expect(index.rememberedSearches, "a new snapshot").toBe(0);
    await db.update(products).set({ name: product!.name }).where(eq(products.id, product!.id));
    await index.close();
  });

  it("makes every list order after a build, before any shopper sorts, and stops for a newer snapshot", async () => {
    const index = new CatalogueIndex(context.database.db);
    await index.warm();
    // price-asc, price-desc, best-selling, saving and rating, a turn of the event loop apart.
    await vi.waitFor(() => expect(index.preparedOrders).toBe(5));
    index.invalidate();
    expect(index.preparedOrders).toBe(0);
    await index.close();
  });

  it("keeps its snapshot through stock changes and drops it on any other change", async () => {
    const index = new CatalogueIndex(context.database.db);
    await index.warm();
    index.invalidate({ stockOf: ["00000000-0000-4000-8000-000000000000"] });
    expect(index.isReady).toBe(true);
    index.invalidate("everything");
    expect(index.isReady).toBe(false);
    // Until it is rebuilt, searches go to the database; the first one starts the rebuild.
    expect(index.search("watch", { limit: 8, offset: 0 })).toBeUndefined();
    await index.warm();
    expect(index.search("watch", { limit: 8, offset: 0 })?.total).toBeGreaterThan(0);
  });

  it("shows the stock a stock change announced at once, loading only those products again", async () => {
    const { db } = context.database;
    const index = new CatalogueIndex(db);
    await index.warm();
    const filter: ProductFilter = { q: "lantern", limit: 8, offset: 0 };
    const [first] = (await listProducts(db, filter, index)).items;
    await db.update(products).set({ stock: 7 }).where(eq(products.id, first!._id));
    // Not announced: the snapshot still shows what it read.
    expect((await listProducts(db, filter, index)).items[0]?.stock).toBe(first!.stock);
    index.invalidate({ stockOf: [first!._id] });
    expect(index.search("lantern", filter)?.products[0]).toBeUndefined();
    expect((await listProducts(db, filter, index)).items[0]?.stock).toBe(7);
    // Loaded once, it is in memory again.
    expect(index.search("lantern", filter)?.products[0]?.stock).toBe(7);
  });

  it("keeps a product stale when its stock changes again while it loads", async () => {
    const { db } = context.database;
    const index = new CatalogueIndex(db);
    await index.warm();
    const page = index.search("lantern", { limit: 1, offset: 0 })!;
    const id = page.ids[0]!;
    index.invalidate({ stockOf: [id] });
    const loadedAfter = index.stockChanges;
    index.invalidate({ stockOf: [id] });
    const [row] = await db.select().from(products).where(eq(products.id, id));
    index.refresh([{ ...row!, stock: 3 }], loadedAfter);
    expect(index.search("lantern", { limit: 1, offset: 0 })?.products[0]).toBeUndefined();
  });

  it("keeps a product stale in a new snapshot when its stock changed during the build, though loaded into the old one meanwhile", async () => {
    let now = 0;
    const { db } = context.database;
    const index = new CatalogueIndex(db, { now: () => now });
    await index.warm();
    const id = index.search("lantern", { limit: 1, offset: 0 })!.ids[0]!;
    // A write the index has not seen, so the expired snapshot is built again rather than kept.
    await insertProduct(db, { name: "Rebuild Reason" });
    now = 60_001;
    const building = index.warm();
    // An order takes stock while the build reads (its rows may hold the stock from before)...
    index.invalidate({ stockOf: [id] });
    // ...and a list loads the product again into the snapshot still being served.
    const loadedAfter = index.stockChanges;
    const [row] = await db.select().from(products).where(eq(products.id, id));
    index.refresh([row!], loadedAfter);
    expect(index.staleIds).not.toContain(id);
    await building;
    expect(index.search("rebuild reason", { limit: 1, offset: 0 })?.total).toBe(1);
    expect(index.staleIds).toContain(id);
    expect(index.staleVariantIds).toContain(id);
    expect(index.search("lantern", { limit: 1, offset: 0 })?.products[0]).toBeUndefined();
  });

  it("throws away a build that a change overlapped, since it may predate the change", async () => {
    const index = new CatalogueIndex(context.database.db);
    const building = index.warm();
    index.invalidate("everything");
    await building;
    expect(index.isReady).toBe(false);
  });

  it("reports a failed build, leaves lists to the database and tries again a second later", async () => {
    const errors: unknown[] = [];
    let now = 0;
    const failingDb = {
      select: () => {
        throw new Error("database unavailable");
      },
    } as unknown as ConstructorParameters<typeof CatalogueIndex>[0];
    const index = new CatalogueIndex(failingDb, {
      onBuildError: (error) => errors.push(error),
      now: () => now,
    });
    await index.warm();
    expect(index.isReady).toBe(false);
    expect(errors).toHaveLength(1);
    // A list in the next second does not start another build...
    expect(index.search("watch", { limit: 8, offset: 0 })).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toHaveLength(1);
    // ...one after it does.
    now = 1_001;
    expect(index.search("watch", { limit: 8, offset: 0 })).toBeUndefined();
    await expect.poll(() => errors.length).toBe(2);
  });

  it("shows a write that announced no change within a minute, serving the old snapshot meanwhile", async () => {
    let now = 0;
    const { db } = context.database;
    const index = new CatalogueIndex(db, { now: () => now });
    await index.warm();
    await insertProduct(db, { name: "Unannounced Umbrella" });
    expect(index.search("unannounced", { limit: 8, offset: 0 })?.total).toBe(0);
    now = 60_001;
    // Expired: still answers from the old snapshot, and starts the rebuild.
    expect(index.search("unannounced", { limit: 8, offset: 0 })?.total).toBe(0);
    await index.warm();
    expect(index.search("unannounced", { limit: 8, offset: 0 })?.total).toBe(1);
  });

  it("keeps a settled snapshot while the database counts no write, and rebuilds after one that announced nothing", async () => {
    let now = 0;
    const { db } = context.database;
    const index = new CatalogueIndex(db, { now: () => now });
    await index.warm();
    // Settled by the first build when no writer was open, else by the second at the same count.
    now = 60_001;
    await index.warm();
    expect(index.search("watch", { limit: 8, offset: 0 })?.total).toBeGreaterThan(0);
    expect(index.rememberedSearches).toBe(1);
    // A minute on with nothing written: the same snapshot (its remembered search is still there).
    now = 120_002;
    await index.warm();
    expect(index.rememberedSearches).toBe(1);
    await insertProduct(db, { name: "Unannounced Parasol" });
    now = 180_003;
    await index.warm();
    expect(index.rememberedSearches).toBe(0);
    expect(index.search("unannounced parasol", { limit: 8, offset: 0 })?.total).toBe(1);
  });
});

describe("a build taken as complete", () => {
  const isPostgres = Boolean(inject("testDatabaseUrl"));

  it.runIf(!isPostgres)(
    "is kept after one build on the embedded database, whose one connection runs one transaction at a time",
    async () => {
      let now = 0;
      const index = new CatalogueIndex(context.database.db, { now: () => now });
      await index.warm();
      expect(index.search("lantern", { limit: 8, offset: 0 })?.total).toBe(5);
      expect(index.rememberedSearches).toBe(1);
      // A minute on, nothing written: kept, not built a second time (its remembered search stays).
      now = 60_001;
      await index.warm();
      expect(index.rememberedSearches).toBe(1);
    },
  );

  it.runIf(isPostgres)(
    "is not taken while a transaction that wrote the catalogue is open, so its product shows after it commits",
    async () => {
      let now = 0;
      const { db } = context.database;
      const index = new CatalogueIndex(db, { now: () => now });
      let commit = () => {};
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let written = () => {};
      const wrote = new Promise<void>((resolve) => (written = resolve));
      // Counted (the statement trigger draws from catalogue_writes) but not committed.
      const writer = db.transaction(async (transaction) => {
        await insertProduct(transaction as unknown as typeof db, { name: "Midcommit Umbrella" });
        written();
        await committing;
      });
      await wrote;
      await index.warm();
      expect(index.search("midcommit umbrella", { limit: 8, offset: 0 })?.total).toBe(0);
      commit();
      await writer;
      // The count has not moved since the build read it; the snapshot was not taken as complete.
      now = 60_001;
      await index.warm();
      expect(index.search("midcommit umbrella", { limit: 8, offset: 0 })?.total).toBe(1);
    },
  );
});

describe("lists and search through the API with the index warm", () => {
  const search = async (q: string) => {
    const response = await context.app.inject(`/api/products?q=${encodeURIComponent(q)}&limit=8`);
    return {
      names: (response.json() as Product[]).map((product) => product.productname),
      total: response.headers["x-total-count"],
    };
  };

  it("finds a product under its new name right after an admin renames it, and no longer under the old", async () => {
    const id = await insertProduct(context.database.db, { name: "Plain Canvas Tote" });
    await context.app.catalogueChanged();
    await context.app.catalogueIndex.warm();
    expect((await search("canvas tote")).names).toEqual(["Plain Canvas Tote"]);
    expect(context.app.catalogueIndex.isReady).toBe(true);

    const renamed = await context.app.inject({
      method: "PUT",
      url: `/api/product/${id}`,
      headers: admin.headers,
      payload: {
        productname: "Zebra Print Tote",
        price: "19.90",
        catagory: "womans",
        description: "A tote with a zebra print.",
        image: "/demo/products/test.svg",
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await search("zebra print")).toEqual({ names: ["Zebra Print Tote"], total: "1" });
    expect(await search("canvas tote")).toEqual({ names: [], total: "0" });

    // And once the index has been rebuilt from the new names.
    await context.app.catalogueIndex.warm();
    expect(context.app.catalogueIndex.isReady).toBe(true);
    expect(await search("zebra prin")).toEqual({ names: ["Zebra Print Tote"], total: "1" });
    expect(await search("canvas tot")).toEqual({ names: [], total: "0" });
  });

  it("leaves a deleted product out of searches at once", async () => {
    const id = await insertProduct(context.database.db, { name: "Quartz Desk Clock" });
    await context.app.catalogueChanged();
    await context.app.catalogueIndex.warm();
    expect((await search("quartz desk")).total).toBe("1");
    const deleted = await context.app.inject({
      method: "DELETE",
      url: `/api/deleteproduct/${id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    await context.app.catalogueIndex.warm();
    expect(await search("quartz des")).toEqual({ names: [], total: "0" });
  });
});
