import type { Category } from "@shop/contract/catalogue";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { demoProducts } from "./demo-data";
import { products } from "./schema";

const ADJECTIVES = [
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
const MATERIALS = [
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
const TYPES: Record<Category, string[]> = {
  womans: ["Dress", "Blouse", "Skirt", "Handbag", "Watch", "Cardigan"],
  mans: ["Shirt", "Jacket", "Chinos", "Hoodie", "Chronograph Watch", "Polo"],
  shoes: ["Sneaker", "Boot", "Loafer", "Sandal", "Runner", "Heel"],
  gadgets: ["Headphones", "Smartwatch", "Speaker", "Earbuds", "Camera", "Controller"],
};
const CATEGORIES = Object.keys(TYPES) as Category[];
const BATCH_SIZE = 1_000;

/** Deterministic pseudo-random numbers, so two runs generate the same catalogue. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Adds `count` generated products spread evenly over the four categories, reusing the demo
 * images of each category. For benchmarks and load tests (`npm run seed:large -- 100000`).
 */
export async function seedLargeCatalogue(db: Db, count: number, onProgress?: (done: number) => void) {
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
    const rows = [];
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
    await db.insert(products).values(rows);
    onProgress?.(Math.min(count, start + BATCH_SIZE));
  }
  // Fresh statistics, so the planner knows how many rows a search matches before autovacuum does.
  await db.execute(sql`analyze ${products}`);
}
