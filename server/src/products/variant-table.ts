import { VARIANT_MATCH } from "./filters";
import type { VariantFacts } from "./variant-filters";

/** A wanted size or colour as an id: ANY_VALUE when not filtered, NO_VALUE when nothing has it. */
export const ANY_VALUE = -1;
export const NO_VALUE = -2;

/** The distinct values of an option (sizes, colours) and their ids, in the order first met. */
class ValueIds {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  idOf(value: string | null): number {
    if (value === null) return -1;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.push(value) - 1;
      this.ids.set(value, id);
    }
    return id;
  }

  /** The wanted value's id; ANY_VALUE when not filtered, NO_VALUE when no variant has it. */
  wanted(value: string | undefined): number {
    return value === undefined ? ANY_VALUE : (this.ids.get(value) ?? NO_VALUE);
  }
}

/**
 * Per product, the set of values its variants have and the set its variants in stock have, as
 * bit masks of `words` 32-bit words (value id i is bit i % 32 of word i / 32): a size filter or a
 * size count reads a word or two per product instead of every variant. Each distinct set also
 * has a number (`allIds`, `stockedIds`): products share a few hundred sets at most (a shoe's
 * sizes, some sold out), so the facet pass counts a product with one increment per set number
 * and spreads the counts over the values once at the end.
 */
class ValueMasks {
  readonly words: number;
  readonly all: Uint32Array;
  readonly stocked: Uint32Array;
  readonly allIds: Int32Array;
  readonly stockedIds: Int32Array;
  /** The distinct sets by number, `words` words each. */
  private readonly distinct: Uint32Array[] = [];
  private readonly idByKey = new Map<number | string, number>();

  constructor(products: number, values: number) {
    this.words = Math.max(1, Math.ceil(values / 32));
    this.all = new Uint32Array(products * this.words);
    this.stocked = new Uint32Array(products * this.words);
    this.allIds = new Int32Array(products);
    this.stockedIds = new Int32Array(products);
  }

  get distinctCount() {
    return this.distinct.length;
  }

  has(masks: Uint32Array, position: number, id: number) {
    return (masks[position * this.words + (id >>> 5)]! & (1 << (id & 31))) !== 0;
  }

  /** Sets the product's masks from its variants' slots: value ids (-1 for none) and stock. */
  fill(position: number, valueIds: Int32Array, stock: Int32Array, slots: { from: number; to: number }) {
    const first = position * this.words;
    this.all.fill(0, first, first + this.words);
    this.stocked.fill(0, first, first + this.words);
    for (let slot = slots.from; slot < slots.to; slot += 1) {
      const id = valueIds[slot]!;
      if (id < 0) continue;
      const word = first + (id >>> 5);
      this.all[word]! |= 1 << (id & 31);
      if (stock[slot]! > 0) this.stocked[word]! |= 1 << (id & 31);
    }
    this.allIds[position] = this.idOf(this.all.subarray(first, first + this.words));
    this.stockedIds[position] = this.idOf(this.stocked.subarray(first, first + this.words));
  }

  private idOf(mask: Uint32Array): number {
    const key = mask.length === 1 ? mask[0]! : mask.join(",");
    let id = this.idByKey.get(key);
    if (id === undefined) {
      id = this.distinct.push(Uint32Array.from(mask)) - 1;
      this.idByKey.set(key, id);
    }
    return id;
  }

  /** Adds each set's count (by set number) to counts[value] for every value in the set. */
  spread(countsBySet: Int32Array, counts: Int32Array) {
    for (let set = 0; set < countsBySet.length; set += 1) {
      const times = countsBySet[set]!;
      if (times === 0) continue;
      const mask = this.distinct[set]!;
      for (let word = 0; word < this.words; word += 1) {
        let bits = mask[word]!;
        while (bits !== 0) {
          const lowest = bits & -bits;
          counts[word * 32 + 31 - Math.clz32(lowest)]! += times;
          bits ^= lowest;
        }
      }
    }
  }

  /** ORs into `into` every set whose count is above zero. */
  union(countsBySet: Int32Array, into: Uint32Array) {
    for (let set = 0; set < countsBySet.length; set += 1) {
      if (countsBySet[set] === 0) continue;
      for (let word = 0; word < this.words; word += 1) into[word]! |= this.distinct[set]![word]!;
    }
  }
}

/** The wanted size and colour as ids (ANY_VALUE for either not filtered). */
export interface WantedVariant {
  size: number;
  colour: number;
}

/**
 * What the facet pass counts: products per size and colour set number (all the product's values,
 * to list them; the counted ones, within the price), and per value the products the paired
 * filter (a size within the wanted colour) counted one by one.
 */
export interface ValueCounts {
  sizeSetsSeen: Int32Array;
  colourSetsSeen: Int32Array;
  sizeSetsCounted: Int32Array;
  colourSetsCounted: Int32Array;
  sizeCounts: Int32Array;
  colourCounts: Int32Array;
}

/** Size and colour facets as values: which were seen (bit per value id) and each one's count. */
export interface SettledValues {
  sizesSeen: Uint32Array;
  coloursSeen: Uint32Array;
  sizeCounts: Int32Array;
  colourCounts: Int32Array;
}

/**
 * The sizes, colours and stock of every product's variants, by position in the catalogue index:
 * variants as slots (slots start[p] up to start[p + 1] are product p's), and per product the
 * sets of sizes and colours it has, and has in stock. Most questions are answered from the sets;
 * only a size and a colour together (is the black 42 in stock?) look at the product's slots.
 */
export class VariantTable {
  readonly sizes = new ValueIds();
  readonly colours = new ValueIds();
  private readonly start: Int32Array;
  private readonly size: Int32Array;
  private readonly colour: Int32Array;
  private readonly stock: Int32Array;
  private readonly sizeMasks: ValueMasks;
  private readonly colourMasks: ValueMasks;

  /** `variantsByProduct`: each product's variants in the product page's order. */
  constructor(ids: readonly string[], variantsByProduct: Map<string, VariantFacts[]>) {
    let slotCount = 0;
    for (const id of ids) slotCount += variantsByProduct.get(id)?.length ?? 0;
    this.start = new Int32Array(ids.length + 1);
    this.size = new Int32Array(slotCount);
    this.colour = new Int32Array(slotCount);
    this.stock = new Int32Array(slotCount);
    let slot = 0;
    for (let position = 0; position < ids.length; position += 1) {
      this.start[position] = slot;
      for (const variant of variantsByProduct.get(ids[position]!) ?? []) {
        this.size[slot] = this.sizes.idOf(variant.size);
        this.colour[slot] = this.colours.idOf(variant.colour);
        this.stock[slot] = variant.stock;
        slot += 1;
      }
    }
    this.start[ids.length] = slot;
    this.sizeMasks = new ValueMasks(ids.length, this.sizes.values.length);
    this.colourMasks = new ValueMasks(ids.length, this.colours.values.length);
    for (let position = 0; position < ids.length; position += 1) this.fillMasks(position);
  }

  private fillMasks(position: number) {
    const slots = { from: this.start[position]!, to: this.start[position + 1]! };
    this.sizeMasks.fill(position, this.size, this.stock, slots);
    this.colourMasks.fill(position, this.colour, this.stock, slots);
  }

  /**
   * New stock of a product's variants (in the same order as when built; a change of variants other
   * than stock rebuilds the whole index).
   */
  restock(position: number, variants: readonly VariantFacts[]) {
    const start = this.start[position]!;
    const slots = Math.min(this.start[position + 1]! - start, variants.length);
    for (let index = 0; index < slots; index += 1) this.stock[start + index] = variants[index]!.stock;
    this.fillMasks(position);
  }

  wanted(query: { size?: string | undefined; colour?: string | undefined }): WantedVariant {
    return {
      size: this.sizes.wanted(query.size),
      colour: this.colours.wanted(query.colour),
    };
  }

  /**
   * How the product stands to a wanted size and colour together (VARIANT_MATCH): its variants
   * themselves, once its masks say it has both values.
   */
  private pairMatchOf(position: number, wanted: WantedVariant): number {
    const sizes = this.sizeMasks;
    const colours = this.colourMasks;
    if (!sizes.has(sizes.all, position, wanted.size) || !colours.has(colours.all, position, wanted.colour)) {
      return VARIANT_MATCH.none;
    }
    let match: number = VARIANT_MATCH.none;
    for (let slot = this.start[position]!; slot < this.start[position + 1]!; slot += 1) {
      if (this.size[slot] !== wanted.size || this.colour[slot] !== wanted.colour) continue;
      if (this.stock[slot]! > 0) return VARIANT_MATCH.matchedInStock;
      match = VARIANT_MATCH.matched;
    }
    return match;
  }

  /**
   * With one of size and colour wanted (the other ANY_VALUE, neither NO_VALUE): its masks, and
   * where its bit sits in a product's words; undefined when both are wanted.
   */
  private singleValueBit(wanted: WantedVariant) {
    if (wanted.size !== ANY_VALUE && wanted.colour !== ANY_VALUE) return undefined;
    const { masks, id } =
      wanted.colour === ANY_VALUE
        ? { masks: this.sizeMasks, id: wanted.size }
        : { masks: this.colourMasks, id: wanted.colour };
    return { masks, word: id >>> 5, bit: 1 << (id & 31) };
  }

  /**
   * Keeps, in order, those of the first `count` positions whose product has a variant of the
   * wanted size and colour (in stock, when asked), and answers how many it kept. The list pass's
   * variant step: a word of a mask per product, the variants themselves only for a size and a
   * colour together.
   */
  keepMatching(positions: Int32Array, count: number, wanted: WantedVariant, inStockOnly: boolean): number {
    if (wanted.size === NO_VALUE || wanted.colour === NO_VALUE) return 0;
    const single = this.singleValueBit(wanted);
    let kept = 0;
    if (single) {
      const { masks, word, bit } = single;
      const bits = inStockOnly ? masks.stocked : masks.all;
      const words = masks.words;
      for (let index = 0; index < count; index += 1) {
        const position = positions[index]!;
        if ((bits[position * words + word]! & bit) !== 0) positions[kept++] = position;
      }
      return kept;
    }
    const enough = inStockOnly ? VARIANT_MATCH.matchedInStock : VARIANT_MATCH.matched;
    for (let index = 0; index < count; index += 1) {
      const position = positions[index]!;
      if (this.pairMatchOf(position, wanted) >= enough) positions[kept++] = position;
    }
    return kept;
  }

  emptyCounts(): ValueCounts {
    return {
      sizeSetsSeen: new Int32Array(this.sizeMasks.distinctCount),
      colourSetsSeen: new Int32Array(this.colourMasks.distinctCount),
      sizeSetsCounted: new Int32Array(this.sizeMasks.distinctCount),
      colourSetsCounted: new Int32Array(this.colourMasks.distinctCount),
      sizeCounts: new Int32Array(this.sizeMasks.words * 32),
      colourCounts: new Int32Array(this.colourMasks.words * 32),
    };
  }

  /**
   * The facet pass's set numbers per position: the size and colour sets a product has (to list the
   * values), and the sets it counts within the price (in stock only, when asked).
   */
  setNumbers(inStockOnly: boolean) {
    return {
      sizesHad: this.sizeMasks.allIds,
      coloursHad: this.colourMasks.allIds,
      sizesCounted: inStockOnly ? this.sizeMasks.stockedIds : this.sizeMasks.allIds,
      coloursCounted: inStockOnly ? this.colourMasks.stockedIds : this.colourMasks.allIds,
    };
  }

  /**
   * Writes, for each candidate, how its product stands to the wanted size and colour
   * (VARIANT_MATCH) into `into` at the candidate's index; without a size or colour the product's
   * own stock decides.
   */
  matchStates(candidates: Int32Array, wanted: WantedVariant, productStock: Int32Array, into: Uint8Array) {
    const { matched, matchedInStock, none } = VARIANT_MATCH;
    if (wanted.size === ANY_VALUE && wanted.colour === ANY_VALUE) {
      for (let index = 0; index < candidates.length; index += 1) {
        into[index] = productStock[candidates[index]!]! > 0 ? matchedInStock : matched;
      }
      return;
    }
    if (wanted.size === NO_VALUE || wanted.colour === NO_VALUE) {
      into.fill(none, 0, candidates.length);
      return;
    }
    const single = this.singleValueBit(wanted);
    if (!single) {
      for (let index = 0; index < candidates.length; index += 1) {
        into[index] = this.pairMatchOf(candidates[index]!, wanted);
      }
      return;
    }
    const { masks, word, bit } = single;
    const { all, stocked, words } = masks;
    for (let index = 0; index < candidates.length; index += 1) {
      const at = candidates[index]! * words + word;
      into[index] = (stocked[at]! & bit) !== 0 ? matchedInStock : (all[at]! & bit) !== 0 ? matched : none;
    }
  }

  /**
   * With a colour wanted, counts the sizes of the product's variants in that colour (and the
   * colours of those in the wanted size), in stock when asked: what the set numbers cannot say.
   */
  countPairs(position: number, wanted: WantedVariant, inStockOnly: boolean, into: ValueCounts) {
    const sizes = this.sizeMasks;
    const colours = this.colourMasks;
    if (wanted.colour >= 0 && colours.has(colours.all, position, wanted.colour)) {
      this.countPaired(position, this.colour, wanted.colour, this.size, into.sizeCounts, inStockOnly);
    }
    if (wanted.size >= 0 && sizes.has(sizes.all, position, wanted.size)) {
      this.countPaired(position, this.size, wanted.size, this.colour, into.colourCounts, inStockOnly);
    }
  }

  /** Counts once each `other` value of the product's variants whose `fixed` is `fixedId`. */
  private countPaired(
    position: number,
    fixed: Int32Array,
    fixedId: number,
    other: Int32Array,
    counts: Int32Array,
    inStockOnly: boolean,
  ) {
    const end = this.start[position + 1]!;
    // Once per product: a value an earlier slot counted is skipped (a bit per value below 32,
    // which every shop's sizes and colours are; a look back for the rest).
    let counted = 0;
    for (let slot = this.start[position]!; slot < end; slot += 1) {
      const value = other[slot]!;
      if (fixed[slot] !== fixedId || value < 0) continue;
      if (inStockOnly && this.stock[slot]! <= 0) continue;
      if (value < 32) {
        if ((counted & (1 << value)) !== 0) continue;
        counted |= 1 << value;
      } else {
        let seen = false;
        for (let earlier = this.start[position]!; earlier < slot && !seen; earlier += 1) {
          seen =
            fixed[earlier] === fixedId &&
            other[earlier] === value &&
            (!inStockOnly || this.stock[earlier]! > 0);
        }
        if (seen) continue;
      }
      counts[value]! += 1;
    }
  }

  /** Settled values with nothing seen or counted. */
  emptySettled(): SettledValues {
    return {
      sizesSeen: new Uint32Array(this.sizeMasks.words),
      coloursSeen: new Uint32Array(this.colourMasks.words),
      sizeCounts: new Int32Array(this.sizeMasks.words * 32),
      colourCounts: new Int32Array(this.colourMasks.words * 32),
    };
  }

  /**
   * The facet pass's set counts spread over the values: which were seen, and each one's count;
   * written into `settled` (zeroed) when given.
   */
  settle(counts: ValueCounts, settled = this.emptySettled()): SettledValues {
    this.sizeMasks.union(counts.sizeSetsSeen, settled.sizesSeen);
    this.colourMasks.union(counts.colourSetsSeen, settled.coloursSeen);
    settled.sizeCounts.set(counts.sizeCounts);
    settled.colourCounts.set(counts.colourCounts);
    this.sizeMasks.spread(counts.sizeSetsCounted, settled.sizeCounts);
    this.colourMasks.spread(counts.colourSetsCounted, settled.colourCounts);
    return settled;
  }

  /** Adds `from` to `into`: its values as seen, and its counts when `counted`. */
  addSettled(into: SettledValues, from: SettledValues, counted: boolean) {
    for (let word = 0; word < into.sizesSeen.length; word += 1)
      into.sizesSeen[word]! |= from.sizesSeen[word]!;
    for (let word = 0; word < into.coloursSeen.length; word += 1) {
      into.coloursSeen[word]! |= from.coloursSeen[word]!;
    }
    if (!counted) return;
    for (let id = 0; id < into.sizeCounts.length; id += 1) into.sizeCounts[id]! += from.sizeCounts[id]!;
    for (let id = 0; id < into.colourCounts.length; id += 1) into.colourCounts[id]! += from.colourCounts[id]!;
  }

  /** The counts of the values seen, as the facets answer them (value → count). */
  countsOf(settled: SettledValues): { sizes: Map<string, number>; colours: Map<string, number> } {
    const listed = (values: readonly string[], seen: Uint32Array, counts: Int32Array) =>
      new Map(
        values.flatMap((value, id) =>
          (seen[id >>> 5]! & (1 << (id & 31))) !== 0 ? [[value, counts[id]!] as const] : [],
        ),
      );
    return {
      sizes: listed(this.sizes.values, settled.sizesSeen, settled.sizeCounts),
      colours: listed(this.colours.values, settled.coloursSeen, settled.colourCounts),
    };
  }
}
