import type { Category } from "@shop/contract/catalogue";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { demoProducts } from "./demo-data";
import { productImages, productOptions, products, productVariants } from "./schema";

export const ADJECTIVES = [
  "Midnight",
  "Coastal",
  "Urban",
  "Classic",
  "Alpine",
  "Summer",
  "Vintage",
  "Nordic",
  "Desert",
  "Metro",
  "Harbour",
  "Velvet",
  "Copper",
  "Ivory",
  "Graphite",
  "Sage",
];
export const MATERIALS = [
  "Linen",
  "Leather",
  "Cotton",
  "Steel",
  "Suede",
  "Wool",
  "Canvas",
  "Titanium",
  "Denim",
  "Silk",
  "Ceramic",
  "Mesh",
];
export const TYPES: Record<Category, string[]> = {
  womans: ["Dress", "Blouse", "Skirt", "Handbag", "Watch", "Cardigan"],
  mans: ["Shirt", "Jacket", "Chinos", "Hoodie", "Chronograph Watch", "Polo"],
  shoes: ["Sneaker", "Boot", "Loafer", "Sandal", "Runner", "Heel"],
  gadgets: ["Headphones", "Smartwatch", "Speaker", "Earbuds", "Camera", "Controller"],
};
const CATEGORIES = Object.keys(TYPES) as Category[];
const BATCH_SIZE = 1_000;

/** Deterministic pseudo-random numbers, so two runs generate the same catalogue. */
export function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL"];
const SHOE_SIZES = ["38", "39", "40", "41", "42", "43", "44"];
const COLOURS = ["Black", "Blue", "Red", "White", "Green"];
/** Listed with the clothes but sold in one size. */
const ONE_SIZE = /Handbag|Watch/;

export interface LargeCatalogueOptions {
  onProgress?: (done: number) => void;
  /**
   * Clothing in XS–XL and shoes in EU 38–44, every third of them in two colours, each variant
   * with its own stock (some sold out), as the size and colour filters need. Off, every product
   * has its one default variant.
   */
  withSizes?: boolean;
  /**
   * The share of products on a running sale (every variant 10–50 % off, a window from a day ago
   * to a month on), as the "On sale" filter and the saving order need. 0 by default.
   */
  onSaleShare?: number;
}

/**
 * Adds `count` generated products spread evenly over the four categories, reusing the demo
 * images of each category. For benchmarks and load tests (`npm run seed:large -- 100000`).
 */
export async function seedLargeCatalogue(db: Db, count: number, options: LargeCatalogueOptions = {}) {
  const { onProgress, withSizes = false, onSaleShare = 0 } = options;
  const random = sequence(count);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const imagesByCategory = new Map(
    CATEGORIES.map((category) => [
      category,
      demoProducts.filter((product) => product.catagory === category).map((product) => product.image),
    ]),
  );
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH_SIZE) {
    const rows: (typeof products.$inferInsert)[] = [];
    for (let index = start; index < Math.min(count, start + BATCH_SIZE); index++) {
      const category = CATEGORIES[index % CATEGORIES.length]!;
      const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(TYPES[category])} ${index + 1}`;
      rows.push({
        name,
        description: `${name}: a generated product for load and search tests.`,
        priceCents: 500 + Math.floor(random() * 50_000),
        category,
        image: pick(imagesByCategory.get(category)!),
        stock: 1_000,
        createdAt: new Date(now - index * 1000),
      });
    }
    if (withSizes) {
      await db.transaction(async (tx) => {
        const inserted = await tx.insert(products).values(rows).returning();
        await giveSizes(tx as unknown as Db, inserted, random);
      });
    } else {
      await db.insert(products).values(rows);
    }
    onProgress?.(Math.min(count, start + BATCH_SIZE));
  }
  if (onSaleShare > 0) await putOnSale(db, onSaleShare);
  // Fresh statistics, so the planner knows how many rows a search matches before autovacuum does,
  // and that a product has a handful of variants among half a million: a cart add planned
  // against the never-analysed variants table scanned all of them (4 s per add on PostgreSQL).
  for (const table of [products, productVariants, productOptions, productImages]) {
    await db.execute(sql`analyze ${table}`);
  }
}

/**
 * Puts about `share` of the products on a running sale. As giveSizes does, with the variant
 * trigger off: one UPDATE per table instead of a derivation per variant (drizzle/0013's
 * product_sale_summary derives the product's figures as the trigger would).
 */
async function putOnSale(db: Db, share: number) {
  const per1000 = Math.round(share * 1000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table product_variants disable trigger product_variants_derive_product`);
    await tx.execute(sql`update ${productVariants} set
        sale_price_cents = greatest(1, price_cents * (50 + abs(hashtext(product_id::text || 'off')) % 41) / 100)
      where abs(hashtext(product_id::text)) % 1000 < ${per1000} and price_cents > 1`);
    await tx.execute(sql`alter table product_variants enable trigger product_variants_derive_product`);
    await tx.execute(sql`update ${products} p set
        sale_starts_at = now() - interval '1 day', sale_ends_at = now() + interval '30 days',
        sale_price_cents = s.sale_price, sale_compare_at_cents = s.compare_at, sale_saving_percent = s.saving
      from (select id, (product_sale_summary(id)).* from ${products}
        where abs(hashtext(id::text)) % 1000 < ${per1000}) s
      where p.id = s.id`);
  });
}

/**
 * Replaces the default variants of the batch's clothes and shoes with sizes (and colours). The
 * variant triggers are off inside this transaction (ALTER TABLE is transactional, and the seed
 * owns its tables): per-row derivation would cost a minute at 100,000 products; one UPDATE
 * derives the products' price, stock and variant count the way the trigger does.
 */
async function giveSizes(tx: Db, inserted: readonly (typeof products.$inferSelect)[], random: () => number) {
  const sized = inserted.filter((product) => product.category !== "gadgets" && !ONE_SIZE.test(product.name));
  if (sized.length === 0) return;
  await tx.execute(sql`alter table product_variants disable trigger product_variants_derive_product`);
  await tx.execute(sql`alter table products disable trigger products_write_through_to_variants`);
  const options: (typeof productOptions.$inferInsert)[] = [];
  const variants: (typeof productVariants.$inferInsert)[] = [];
  for (const [index, product] of sized.entries()) {
    const sizes = product.category === "shoes" ? SHOE_SIZES : CLOTHING_SIZES;
    const colours = index % 3 === 0 ? [COLOURS[index % 5]!, COLOURS[(index + 2) % 5]!] : undefined;
    options.push({ productId: product.id, position: 0, name: "Size", values: sizes });
    if (colours) options.push({ productId: product.id, position: 1, name: "Colour", values: colours });
    const combinations = (colours ?? [undefined]).flatMap((colour) =>
      sizes.map((size) => (colour ? [size, colour] : [size])),
    );
    for (const [position, optionValues] of combinations.entries()) {
      variants.push({
        productId: product.id,
        optionValues,
        priceCents: product.priceCents + (position % sizes.length >= sizes.length - 1 ? 500 : 0),
        // About one in four sold out.
        stock: random() < 0.25 ? 0 : 1 + Math.floor(random() * 40),
        position,
      });
    }
  }
  const ids = sized.map((product) => product.id);
  await tx.execute(sql`delete from ${productVariants} where product_id = any(${sql.param(ids)}::uuid[])`);
  await tx.insert(productOptions).values(options);
  for (let start = 0; start < variants.length; start += 5_000) {
    await tx.insert(productVariants).values(variants.slice(start, start + 5_000));
  }
  await tx.execute(sql`update ${products} p set
      price_cents = agg.min_price, max_price_cents = agg.max_price, stock = agg.stock, variant_count = agg.variants
    from (
      select product_id, min(price_cents) as min_price, max(price_cents) as max_price,
        sum(stock)::int as stock, count(*)::int as variants
      from ${productVariants} where product_id = any(${sql.param(ids)}::uuid[]) group by product_id
    ) agg
    where p.id = agg.product_id`);
  await tx.execute(sql`alter table products enable trigger products_write_through_to_variants`);
  await tx.execute(sql`alter table product_variants enable trigger product_variants_derive_product`);
}
