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
 * size count reads a word or two per product instead of every variant.
 */
class ValueMasks {
  readonly words: number;
  readonly all: Uint32Array;
  readonly stocked: Uint32Array;

  constructor(products: number, values: number) {
    this.words = Math.max(1, Math.ceil(values / 32));
    this.all = new Uint32Array(products * this.words);
    this.stocked = new Uint32Array(products * this.words);
  }

  has(masks: Uint32Array, position: number, id: number) {
    return (masks[position * this.words + (id >>> 5)]! & (1 << (id & 31))) !== 0;
  }

  add(position: number, id: number, inStock: boolean) {
    const word = position * this.words + (id >>> 5);
    this.all[word]! |= 1 << (id & 31);
    if (inStock) this.stocked[word]! |= 1 << (id & 31);
  }

  clearStocked(position: number) {
    this.stocked.fill(0, position * this.words, (position + 1) * this.words);
  }

  /** Adds 1 to counts[id] for every id in the product's set. */
  countInto(masks: Uint32Array, position: number, counts: Int32Array) {
    for (let word = 0; word < this.words; word += 1) {
      let mask = masks[position * this.words + word]!;
      while (mask !== 0) {
        const lowest = mask & -mask;
        counts[word * 32 + 31 - Math.clz32(lowest)]! += 1;
        mask ^= lowest;
      }
    }
  }

  /** ORs the product's set into `into` (one mask of `words` words). */
  orInto(masks: Uint32Array, position: number, into: Uint32Array) {
    for (let word = 0; word < this.words; word += 1) into[word]! |= masks[position * this.words + word]!;
  }
}

/** The wanted size and colour as ids (ANY_VALUE for either not filtered). */
export interface WantedVariant {
  size: number;
  colour: number;
}

/** What the facet pass counts: per size and colour id, products; and the ids seen in scope. */
export interface ValueCounts {
  sizeCounts: Int32Array;
  colourCounts: Int32Array;
  sizesSeen: Uint32Array;
  coloursSeen: Uint32Array;
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
    this.sizeMasks.clearStocked(position);
    this.colourMasks.clearStocked(position);
    for (let slot = this.start[position]!; slot < this.start[position + 1]!; slot += 1) {
      const inStock = this.stock[slot]! > 0;
      if (this.size[slot]! >= 0) this.sizeMasks.add(position, this.size[slot]!, inStock);
      if (this.colour[slot]! >= 0) this.colourMasks.add(position, this.colour[slot]!, inStock);
    }
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

  /** How the product stands to the wanted size and colour (VARIANT_MATCH), `productStock` aside. */
  matchOf(position: number, wanted: WantedVariant, productStock: number): number {
    // Neither filtered: the product's own stock decides.
    if (wanted.size === ANY_VALUE && wanted.colour === ANY_VALUE) {
      return productStock > 0 ? VARIANT_MATCH.matchedInStock : VARIANT_MATCH.matched;
    }
    if (wanted.size === NO_VALUE || wanted.colour === NO_VALUE) return VARIANT_MATCH.none;
    const sizes = this.sizeMasks;
    const colours = this.colourMasks;
    if (wanted.size !== ANY_VALUE && !sizes.has(sizes.all, position, wanted.size)) return VARIANT_MATCH.none;
    if (wanted.colour !== ANY_VALUE && !colours.has(colours.all, position, wanted.colour)) {
      return VARIANT_MATCH.none;
    }
    if (wanted.colour === ANY_VALUE) {
      return sizes.has(sizes.stocked, position, wanted.size)
        ? VARIANT_MATCH.matchedInStock
        : VARIANT_MATCH.matched;
    }
    if (wanted.size === ANY_VALUE) {
      return colours.has(colours.stocked, position, wanted.colour)
        ? VARIANT_MATCH.matchedInStock
        : VARIANT_MATCH.matched;
    }
    let match: number = VARIANT_MATCH.none;
    for (let slot = this.start[position]!; slot < this.start[position + 1]!; slot += 1) {
      if (this.size[slot] !== wanted.size || this.colour[slot] !== wanted.colour) continue;
      if (this.stock[slot]! > 0) return VARIANT_MATCH.matchedInStock;
      match = VARIANT_MATCH.matched;
    }
    return match;
  }

  emptyCounts(): ValueCounts {
    return {
      sizeCounts: new Int32Array(this.sizeMasks.words * 32),
      colourCounts: new Int32Array(this.colourMasks.words * 32),
      sizesSeen: new Uint32Array(this.sizeMasks.words),
      coloursSeen: new Uint32Array(this.colourMasks.words),
    };
  }

  /**
   * Counts one product of the facet pass's scope: every size and colour it has is seen; when it
   * is within the price, each size it has (in the wanted colour, in stock when asked) counts once,
   * and each colour likewise.
   */
  count(position: number, wanted: WantedVariant, inPrice: boolean, inStockOnly: boolean, into: ValueCounts) {
    const sizes = this.sizeMasks;
    const colours = this.colourMasks;
    sizes.orInto(sizes.all, position, into.sizesSeen);
    colours.orInto(colours.all, position, into.coloursSeen);
    if (!inPrice) return;
    if (wanted.colour === ANY_VALUE) {
      sizes.countInto(inStockOnly ? sizes.stocked : sizes.all, position, into.sizeCounts);
    } else if (wanted.colour >= 0 && colours.has(colours.all, position, wanted.colour)) {
      this.countPaired(position, this.colour, wanted.colour, this.size, into.sizeCounts, inStockOnly);
    }
    if (wanted.size === ANY_VALUE) {
      colours.countInto(inStockOnly ? colours.stocked : colours.all, position, into.colourCounts);
    } else if (wanted.size >= 0 && sizes.has(sizes.all, position, wanted.size)) {
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
    for (let slot = this.start[position]!; slot < end; slot += 1) {
      if (fixed[slot] !== fixedId || other[slot]! < 0) continue;
      if (inStockOnly && this.stock[slot]! <= 0) continue;
      // Once per product: skip a value an earlier slot of the product already counted.
      let seen = false;
      for (let earlier = this.start[position]!; earlier < slot && !seen; earlier += 1) {
        seen =
          fixed[earlier] === fixedId &&
          other[earlier] === other[slot] &&
          (!inStockOnly || this.stock[earlier]! > 0);
      }
      if (!seen) counts[other[slot]!]! += 1;
    }
  }

  /** The counts of the values seen, as the facets answer them (value → count). */
  countsOf(into: ValueCounts) {
    const listed = (values: readonly string[], seen: Uint32Array, counts: Int32Array) =>
      new Map(
        values.flatMap((value, id) =>
          (seen[id >>> 5]! & (1 << (id & 31))) !== 0 ? [[value, counts[id]!] as const] : [],
        ),
      );
    return {
      sizes: listed(this.sizes.values, into.sizesSeen, into.sizeCounts),
      colours: listed(this.colours.values, into.coloursSeen, into.colourCounts),
    };
  }
}
