// npm run measure:search [-- --products 100000 --rounds 200]
//
// What one uncached search costs the word index (search/word-index.ts) at a large catalogue,
// without seeding a database: the index is built in memory from the same generated names as
// seedLargeCatalogue, then each kind of query is timed over distinct queries (so no query's
// remembered alternatives help the next), in microseconds per query. Add `--cpu-prof` to
// node (`npx tsx --cpu-prof server/scripts/measure-search.ts`) to see the hot functions.
import { parseArgs } from "node:util";
import type { Category } from "@shop/contract/catalogue";
import { ADJECTIVES, MATERIALS, sequence, TYPES } from "../src/db/large-catalogue";
import { Synonyms } from "../src/search/synonyms";
import { WordIndexBuilder } from "../src/search/word-index";

const { values: options } = parseArgs({
  options: { products: { type: "string", default: "100000" }, rounds: { type: "string", default: "200" } },
});
const PRODUCTS = Number(options.products);
const ROUNDS = Number(options.rounds);
const CATEGORIES = Object.keys(TYPES) as Category[];

const random = sequence(PRODUCTS);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const building = performance.now();
const builder = new WordIndexBuilder();
for (let index = 0; index < PRODUCTS; index += 1) {
  const category = CATEGORIES[index % CATEGORIES.length]!;
  const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(TYPES[category])} ${index + 1}`;
  builder.add(index, name, `${name}: a generated product for load and search tests.`);
}
const words = builder.build(PRODUCTS);
console.log(
  `${PRODUCTS} products, ${words.words.length} words, built in ${(performance.now() - building).toFixed(0)} ms`,
);
const synonyms = new Synonyms([
  ["sneaker", "trainer", "runner"],
  ["tee", "t-shirt", "shirt"],
  ["headphones", "headset", "earphones"],
  ["watch", "timepiece", "smartwatch"],
]);

const lower = (word: string) => word.toLowerCase();
const names = [...ADJECTIVES, ...MATERIALS, ...Object.values(TYPES).flat()].map(lower);
const single = names.filter((name) => !name.includes(" "));
/** A typo per word: a letter swapped with its neighbour, one left out or one changed (distinct). */
const typoOf = (word: string, variant: number) => {
  const at = 1 + (variant % (word.length - 2));
  if (variant % 3 === 0) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (variant % 3 === 1) return word.slice(0, at) + word.slice(at + 1);
  return `${word.slice(0, at)}${"xqz"[variant % 3]}${word.slice(at + 1)}`;
};
const nth = <T>(items: readonly T[], index: number) => items[index % items.length]!;
const KINDS: Record<string, (round: number) => string> = {
  "plain word": (round) => nth(single, round),
  "prefix (2-4 letters)": (round) => nth(single, round).slice(0, 2 + (round % 3)),
  typo: (round) =>
    typoOf(
      nth(
        single.filter((word) => word.length >= 5),
        round,
      ),
      round,
    ),
  synonym: (round) => nth(["trainer", "tee", "headset", "timepiece", "earphones", "trainers"], round),
  "multi-word": (round) =>
    `${nth(ADJECTIVES, round)} ${nth(MATERIALS, round * 7)} ${nth(single, round * 3)}`.toLowerCase(),
  "did you mean": (round) =>
    `${typoOf(
      nth(
        single.filter((word) => word.length >= 5),
        round,
      ),
      round,
    )} zzqx`,
};

for (const [kind, queryOf] of Object.entries(KINDS)) {
  let matched = 0;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    // A fresh index state per query would rebuild it; instead every query is distinct text.
    const query = `${queryOf(round)}${round >= single.length ? "" : ""}`;
    if (kind === "did you mean") {
      for (const token of query.split(" ")) words.closestWord(token);
    } else {
      matched += words.match(query, synonyms).positions.length;
    }
    words.forget();
  }
  const took = ((performance.now() - started) * 1000) / ROUNDS;
  console.log(
    `${kind.padEnd(22)} ${took.toFixed(0).padStart(6)} µs/query  (${(matched / ROUNDS).toFixed(0)} matches avg)`,
  );
}
