import { clear, set } from "../bit-set";
import type { CatalogueQuery } from "./filters";
import { filtersVariants } from "./filters";
import { firstAtPrice } from "./facet-blocks";
import { recentlyUsed } from "./recently-used";
import type { VariantTable, WantedVariant } from "./variant-table";

/** Variant filters kept at once (a size, a colour, both, each with or without "in stock"). */
const MAX_VARIANT_SETS = 64;
/** Words' matches kept as sets at once (a set is 12.5 KB at 100,000 products). */
const MAX_WORD_SETS = 64;

/** What the bit sets are made from: the snapshot's columns, by position. */
export interface FilterColumns {
  categoryIndexes: Uint8Array;
  priceCents: Int32Array;
  /** 0: not on sale. */
  savingPercent: Uint8Array;
  stock: Int32Array;
  variants: VariantTable;
  /** 0, 1, 2, …: every position. */
  everyPosition: Int32Array;
  /** Positions by ascending price (the price-asc order). */
  byPrice: () => Int32Array;
  /** Products between price prefixes; by default a 64th of the catalogue, at least 2,048. */
  priceStep?: number | undefined;
}

interface VariantSet {
  wanted: WantedVariant;
  inStockOnly: boolean;
  bits: Uint32Array;
}

/**
 * The filters of a list without a word as bit sets over catalogue positions (position p is bit
 * p % 32 of word p / 32), so a list's products and its total come from a few thousand word
 * operations instead of a pass over every candidate: at 100,000 products, 3,125 words per set.
 *
 * - A category's set and a variant filter's set (size, colour, or both, and "in stock") are made
 *   when first asked and kept with the snapshot; those that read stock are kept true by
 *   productChanged, which the index calls when it loads a product's new stock.
 * - A price range is cut out of prefix sets in price order: `prefixes[j]` holds the STEP × j
 *   cheapest products, so a range is two of them and at most two steps of single bits.
 */
export class FilterBits {
  readonly words: number;
  /** How many products: every position. */
  private readonly size: number;
  private readonly step: number;
  private readonly byCategory = new Map<number, Uint32Array>();
  private productStock: Uint32Array | undefined;
  private onSale: Uint32Array | undefined;
  private everything: Uint32Array | undefined;
  private readonly variantSets = new Map<string, VariantSet>();
  private pricePrefixes: Uint32Array[] | undefined;
  private readonly wordSets = new Map<string, Uint32Array>();
  /** The last query's set (valid until the next one, like the index's other scratch space). */
  readonly result: Uint32Array;
  private readonly priceRange: Uint32Array;
  private readonly onePosition = new Int32Array(1);

  constructor(private readonly columns: FilterColumns) {
    this.size = columns.everyPosition.length;
    this.words = Math.ceil(this.size / 32);
    // At most 64 prefixes (8 MB at a million products), at least 2,048 products apart.
    this.step = columns.priceStep ?? Math.max(2_048, Math.ceil(this.size / 64));
    this.result = new Uint32Array(this.words);
    this.priceRange = new Uint32Array(this.words);
  }

  /**
   * The positions that pass the query's price, category, stock, size and colour filters (and are
   * in `matches`, when given), as `result`, and how many there are.
   */
  select(query: CatalogueQuery, category: number, matches?: Uint32Array): number {
    const sets: Uint32Array[] = matches ? [matches] : [];
    if (category !== -1) sets.push(this.categorySet(category));
    if (filtersVariants(query)) {
      sets.push(this.variantSet(this.columns.variants.wanted(query), Boolean(query.inStock)));
    } else if (query.inStock) {
      // Without a size or colour, "in stock" is the product's own stock (the sum of its variants').
      sets.push(this.productStockSet());
    }
    if (query.onSale) sets.push(this.onSaleSet());
    const priced = query.minPriceCents !== undefined || query.maxPriceCents !== undefined;
    if (!priced) return intersect(this.result, sets.length > 0 ? sets : [this.everythingSet()]);
    return this.selectPriced(
      query.minPriceCents ?? Number.NEGATIVE_INFINITY,
      query.maxPriceCents ?? Number.POSITIVE_INFINITY,
      sets,
    );
  }

  /** Keeps the stock-reading sets true after a product's stock or its variants' stock changed. */
  productChanged(position: number) {
    if (this.productStock) assign(this.productStock, position, this.columns.stock[position]! > 0);
    for (const set of this.variantSets.values()) {
      if (set.inStockOnly) assign(set.bits, position, this.passesVariantFilter(position, set));
    }
  }

  /**
   * A word's matches (ascending positions) as a set, kept for the word's next lists: a common
   * word matches thousands of names, and a set ANDs them a word of 32 at a time.
   */
  matchesOf(needle: string, positions: Int32Array): Uint32Array {
    return recentlyUsed(
      this.wordSets,
      needle,
      () => {
        const bits = new Uint32Array(this.words);
        for (let index = 0; index < positions.length; index += 1) set(bits, positions[index]!);
        return bits;
      },
      MAX_WORD_SETS,
    );
  }

  /**
   * The range [minPrice, maxPrice) ANDed with `sets`. The range is the prefix up to maxPrice
   * less the prefix below minPrice, each the nearest whole step corrected by the products of the
   * step the price falls in.
   */
  private selectPriced(minPrice: number, maxPrice: number, sets: readonly Uint32Array[]): number {
    const { priceCents } = this.columns;
    const byPrice = this.columns.byPrice();
    const prefixes = this.pricePrefixesOf(byPrice);
    const from = firstAtPrice(byPrice, priceCents, minPrice);
    const to = Math.max(from, firstAtPrice(byPrice, priceCents, maxPrice));
    const below = Math.floor(from / this.step);
    const upTo = Math.floor(to / this.step);
    const range = this.priceRange;
    const low = prefixes[below]!;
    const high = prefixes[upTo]!;
    for (let word = 0; word < this.words; word += 1) range[word] = high[word]! & ~low[word]!;
    for (let rank = upTo * this.step; rank < to; rank += 1) set(range, byPrice[rank]!);
    for (let rank = below * this.step; rank < from; rank += 1) clear(range, byPrice[rank]!);
    if (sets.length === 0) {
      this.result.set(range);
      return countBits(this.result);
    }
    return intersect(this.result, [...sets, range]);
  }

  private pricePrefixesOf(byPrice: Int32Array): Uint32Array[] {
    if (this.pricePrefixes) return this.pricePrefixes;
    const prefixes = [new Uint32Array(this.words)];
    const running = new Uint32Array(this.words);
    for (let rank = 0; rank < byPrice.length; rank += 1) {
      const position = byPrice[rank]!;
      running[position >>> 5]! |= 1 << (position & 31);
      if ((rank + 1) % this.step === 0) prefixes.push(running.slice());
    }
    prefixes.push(running.slice());
    this.pricePrefixes = prefixes;
    return prefixes;
  }

  private categorySet(category: number): Uint32Array {
    let bits = this.byCategory.get(category);
    if (!bits) {
      bits = new Uint32Array(this.words);
      const { categoryIndexes } = this.columns;
      for (let position = 0; position < this.size; position += 1) {
        if (categoryIndexes[position] === category) set(bits, position);
      }
      this.byCategory.set(category, bits);
    }
    return bits;
  }

  /** The positions whose value in `column` is above zero. */
  private aboveZeroSet(column: Int32Array | Uint8Array): Uint32Array {
    const bits = new Uint32Array(this.words);
    for (let position = 0; position < this.size; position += 1) {
      if (column[position]! > 0) set(bits, position);
    }
    return bits;
  }

  private productStockSet(): Uint32Array {
    this.productStock ??= this.aboveZeroSet(this.columns.stock);
    return this.productStock;
  }

  /** The products on sale at the snapshot's time (a sale's start or end makes a new snapshot). */
  private onSaleSet(): Uint32Array {
    this.onSale ??= this.aboveZeroSet(this.columns.savingPercent);
    return this.onSale;
  }

  private everythingSet(): Uint32Array {
    if (!this.everything) {
      this.everything = new Uint32Array(this.words).fill(0xffff_ffff);
      const spare = this.words * 32 - this.size;
      if (spare > 0) this.everything[this.words - 1] = 0xffff_ffff >>> spare;
    }
    return this.everything;
  }

  private variantSet(wanted: WantedVariant, inStockOnly: boolean): Uint32Array {
    const key = `${wanted.size} ${wanted.colour} ${inStockOnly}`;
    const made = () => {
      const positions = this.columns.everyPosition.slice();
      const kept = this.columns.variants.keepMatching(positions, positions.length, wanted, inStockOnly);
      const bits = new Uint32Array(this.words);
      for (let index = 0; index < kept; index += 1) set(bits, positions[index]!);
      return { wanted, inStockOnly, bits };
    };
    return recentlyUsed(this.variantSets, key, made, MAX_VARIANT_SETS).bits;
  }

  private passesVariantFilter(position: number, { wanted, inStockOnly }: VariantSet): boolean {
    this.onePosition[0] = position;
    return this.columns.variants.keepMatching(this.onePosition, 1, wanted, inStockOnly) === 1;
  }
}

function assign(bits: Uint32Array, position: number, value: boolean) {
  if (value) set(bits, position);
  else clear(bits, position);
}

/** Writes the AND of `sets` (at least one) into `into`, and answers how many bits it has. */
function intersect(into: Uint32Array, sets: readonly Uint32Array[]): number {
  into.set(sets[0]!);
  for (let index = 1; index < sets.length - 1; index += 1) {
    const other = sets[index]!;
    for (let word = 0; word < into.length; word += 1) into[word]! &= other[word]!;
  }
  if (sets.length === 1) return countBits(into);
  // The last AND and the count in one pass.
  const last = sets[sets.length - 1]!;
  let count = 0;
  for (let word = 0; word < into.length; word += 1) {
    const bits = into[word]! & last[word]!;
    into[word] = bits;
    count += bitsIn(bits);
  }
  return count;
}

function bitsIn(word: number): number {
  let count = word - ((word >>> 1) & 0x5555_5555);
  count = (count & 0x3333_3333) + ((count >>> 2) & 0x3333_3333);
  return Math.imul((count + (count >>> 4)) & 0x0f0f_0f0f, 0x0101_0101) >>> 24;
}

function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let word = 0; word < bits.length; word += 1) count += bitsIn(bits[word]!);
  return count;
}

/** The set positions `offset` up to `end` (in position order: newest first). */
export function positionsBetween(bits: Uint32Array, offset: number, end: number): number[] {
  const page: number[] = [];
  let seen = 0;
  for (let word = 0; word < bits.length && seen < end; word += 1) {
    let remaining = bits[word]!;
    if (remaining === 0) continue;
    const inWord = bitsIn(remaining);
    if (seen + inWord <= offset) {
      seen += inWord;
      continue;
    }
    while (remaining !== 0 && seen < end) {
      const lowest = remaining & -remaining;
      if (seen >= offset) page.push(word * 32 + 31 - Math.clz32(lowest));
      seen += 1;
      remaining ^= lowest;
    }
  }
  return page;
}

/** Every set position, ascending, into `into` (which must have room); answers how many. */
export function positionsOf(bits: Uint32Array, into: Int32Array): number {
  let count = 0;
  for (let word = 0; word < bits.length; word += 1) {
    let remaining = bits[word]!;
    while (remaining !== 0) {
      const lowest = remaining & -remaining;
      into[count++] = word * 32 + 31 - Math.clz32(lowest);
      remaining ^= lowest;
    }
  }
  return count;
}
