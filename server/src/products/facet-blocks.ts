import { CATEGORIES } from "@shop/contract/catalogue";
import { CELL_COUNT, VARIANT_MATCH_STATES } from "./filters";
import { recentlyUsed } from "./recently-used";
import {
  ANY_VALUE,
  type SettledValues,
  type ValueCounts,
  type VariantTable,
  type WantedVariant,
} from "./variant-table";

/** The catalogue index's columns that facet counts read, by position. */
export interface FacetColumns {
  /** cellOf(category, price range, false, 0) / VARIANT_MATCH_STATES. */
  cellBases: Uint16Array;
  categoryIndexes: Uint8Array;
  priceCents: Int32Array;
  stock: Int32Array;
  variants: VariantTable;
  /** Working space: a VARIANT_MATCH per candidate. */
  matchStates: Uint8Array;
  /** The saving of a running sale in whole percent (0: not on sale), for `onSaleOnly`. */
  savingPercent?: Uint8Array;
}

/** What a facet count asks, with prices in cents (infinite when not asked) and -1 for no category. */
export interface FacetFilter {
  minPrice: number;
  maxPrice: number;
  category: number;
  wanted: WantedVariant;
  inStockOnly: boolean;
  /**
   * "On sale": a product not on sale counts as outside the price. Every count that reads "in
   * price" also asks for a sale then (filters.ts, facetsOf), and the price ranges' do not read it.
   */
  onSaleOnly?: boolean;
}

/** Where a cell moves when its products are within the price: cellOf(…, true, m) = cellOf(…, false, m) + this. */
const IN_PRICE_SHIFT = VARIANT_MATCH_STATES;

/**
 * Counts the candidates into `cells` (every category; see filters.ts) and their sizes and colours
 * into `counts` (the filter's category only; counted within the price, seen anyway). One tight
 * loop over typed arrays, a product added by its size and colour set numbers.
 */
export function tallyFacets(
  columns: FacetColumns,
  candidates: Int32Array,
  filter: FacetFilter,
  cells: Int32Array,
  counts: ValueCounts,
) {
  const { categoryIndexes, cellBases, priceCents, stock, variants, matchStates, savingPercent } = columns;
  const { minPrice, maxPrice, category, wanted, inStockOnly } = filter;
  const saleOnly = Boolean(filter.onSaleOnly) && savingPercent !== undefined;
  variants.matchStates(candidates, wanted, stock, matchStates);
  const { sizesHad, coloursHad, sizesCounted, coloursCounted } = variants.setNumbers(inStockOnly);
  const { sizeSetsSeen, colourSetsSeen, sizeSetsCounted, colourSetsCounted } = counts;
  // A wanted colour pairs the size counts with it (and a wanted size the colour counts).
  const countSizeSets = wanted.colour === ANY_VALUE;
  const countColourSets = wanted.size === ANY_VALUE;
  for (let index = 0; index < candidates.length; index += 1) {
    const position = candidates[index]!;
    const price = priceCents[position]!;
    const inPrice = price >= minPrice && price < maxPrice && (!saleOnly || savingPercent[position]! > 0);
    cells[
      cellBases[position]! * VARIANT_MATCH_STATES + (inPrice ? IN_PRICE_SHIFT : 0) + matchStates[index]!
    ]! += 1;
    if (category !== -1 && categoryIndexes[position] !== category) continue;
    sizeSetsSeen[sizesHad[position]!]! += 1;
    colourSetsSeen[coloursHad[position]!]! += 1;
    if (!inPrice) continue;
    if (countSizeSets) sizeSetsCounted[sizesCounted[position]!]! += 1;
    if (countColourSets) colourSetsCounted[coloursCounted[position]!]! += 1;
    if (!countSizeSets || !countColourSets) variants.countPairs(position, wanted, inStockOnly, counts);
  }
}

/** The first index below `length` for which `isBefore` is false (it is true for a prefix, then false). */
export function firstNotBefore(length: number, isBefore: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first place in `byPrice` (positions in price order) whose price is `price` or more. */
export function firstAtPrice(byPrice: Int32Array, priceCents: Int32Array, price: number): number {
  return firstNotBefore(byPrice.length, (place) => priceCents[byPrice[place]!]! < price);
}

/** Category indexes 0, 1, …: the categories a count without one adds up. */
const EVERY_CATEGORY = CATEGORIES.map((_, index) => index);

/** One block's counts for one size, colour and stock filter. */
interface BlockCounts {
  /** The block's change count (see productChanged) when these were counted. */
  counted: number;
  /** The facet cells as if every product of the block were outside the price. */
  cellsOutOfPrice: Int32Array;
  /** Per category index, the sizes and colours as if every product were within the price. */
  valuesByCategory: SettledValues[];
}

/**
 * A table's blocks added up, so a count reads two sums instead of every block: per block b, the
 * sums over the blocks before it (b from 0 to the block count), and the values seen anywhere.
 */
interface BlockSums {
  /** (CELL_COUNT - IN_PRICE_SHIFT) cells per b. */
  cells: Int32Array;
  /** Per category index: the size and colour counts, `sizeIds` and `colourIds` per b. */
  sizeCounts: Int32Array[];
  colourCounts: Int32Array[];
  /** Per category index, the sizes and colours any of its products has. */
  seen: SettledValues[];
}

interface Table {
  blocks: BlockCounts[];
  /** Undefined after a block was counted again, until the next count adds them up. */
  sums?: BlockSums | undefined;
}

/** How many size/colour/stock filters keep their block counts (a few hundred KB each at 100,000 products). */
const MAX_TABLES = 32;

/**
 * Facet counts from blocks of products in price order (the whole catalogue, or a word's
 * matches). The counts depend on the size, colour and in-stock filter, the category and the
 * price; per size/colour/stock filter (made when first asked, for at most `maxTables` of them),
 * each block of `blockSize` products keeps its cells and per category its size and colour
 * counts, and the table keeps their running sums. A count then takes the blocks wholly inside
 * the price as the difference of two sums, counts the rest as outside, and goes through the
 * products within the price of the (at most two) blocks the price's ends fall in: a few hundred
 * products at 100,000, where one pass over them all cost 1-3 ms on our machine. A stock change
 * makes its product's block stale in every table: the block is counted again, and the sums
 * added up again, when a count next reads the table (a tenth of a millisecond), so a shop
 * taking orders does not pay for whole tables again.
 */
export class FacetBlocks {
  private readonly tables = new Map<string, Table>();
  /** Per block, how many times its products' stock changed. */
  private readonly changes: Int32Array;
  /**
   * A count's working arrays, made once and zeroed by each count. Made per count, they were 14
   * buffers outside the heap each time (which bring young collections sooner), from literals
   * that the tables' kept counts share, so V8 had tenured them (decision 025).
   */
  private readonly scratch: { values: SettledValues; edges: ValueCounts; edgeValues: SettledValues };

  /**
   * `byPrice`: the positions counted, in price order (every position, or a word's matches);
   * `placeOf`: a position's place in it, -1 when it is not there.
   */
  constructor(
    private readonly columns: FacetColumns,
    private readonly byPrice: Int32Array,
    private readonly placeOf: (position: number) => number,
    private readonly blockSize: number,
    /** How many size/colour/stock filters keep their tables, the oldest out first. */
    private readonly maxTables = MAX_TABLES,
  ) {
    this.changes = new Int32Array(Math.ceil(byPrice.length / blockSize));
    const { variants } = columns;
    this.scratch = {
      values: variants.emptySettled(),
      edges: variants.emptyCounts(),
      edgeValues: variants.emptySettled(),
    };
  }

  /** The stock of the product at this position changed (its variants' or its own). */
  productChanged(position: number) {
    const place = this.placeOf(position);
    if (place !== -1) this.changes[Math.floor(place / this.blockSize)]! += 1;
  }

  /** The counts for `filter`; `values` holds until the next tally. */
  tally(filter: FacetFilter): { cells: Int32Array; values: SettledValues } {
    const { variants, cellBases, matchStates } = this.columns;
    const sums = this.sumsFor(filter);
    const blockCount = this.changes.length;
    const from = firstAtPrice(this.byPrice, this.columns.priceCents, filter.minPrice);
    const to = Math.max(from, firstAtPrice(this.byPrice, this.columns.priceCents, filter.maxPrice));
    // Blocks firstInside up to insideEnd lie wholly within the price (the last one may be short).
    const firstInside = Math.ceil(from / this.blockSize);
    const insideEnd = Math.max(
      firstInside,
      to === this.byPrice.length ? blockCount : Math.floor(to / this.blockSize),
    );
    const cells = new Int32Array(CELL_COUNT);
    const width = CELL_COUNT - IN_PRICE_SHIFT;
    for (let cell = 0; cell < width; cell += 1) {
      const all = sums.cells[blockCount * width + cell]!;
      const inside = sums.cells[insideEnd * width + cell]! - sums.cells[firstInside * width + cell]!;
      cells[cell]! += all - inside;
      cells[cell + IN_PRICE_SHIFT]! += inside;
    }
    const { values, edges, edgeValues } = this.scratch;
    for (const arrays of [values, edges, edgeValues]) zero(arrays);
    const categories = filter.category === -1 ? EVERY_CATEGORY : [filter.category];
    for (const category of categories) {
      variants.addSettled(values, sums.seen[category]!, false);
      addDifference(values.sizeCounts, sums.sizeCounts[category]!, firstInside, insideEnd);
      addDifference(values.colourCounts, sums.colourCounts[category]!, firstInside, insideEnd);
    }
    // The products within the price in the blocks the price's ends fall in, counted as outside
    // so far: counted as within it, and taken out of the cells outside.
    const stretches = [
      [from, Math.min(to, firstInside * this.blockSize)],
      [Math.max(from, insideEnd * this.blockSize), to],
    ] as const;
    for (const [start, end] of stretches) {
      if (start >= end) continue;
      const positions = this.byPrice.subarray(start, end);
      tallyFacets(this.columns, positions, filter, cells, edges);
      for (let index = 0; index < positions.length; index += 1) {
        cells[cellBases[positions[index]!]! * VARIANT_MATCH_STATES + matchStates[index]!]! -= 1;
      }
    }
    variants.addSettled(values, variants.settle(edges, edgeValues), true);
    return { cells, values };
  }

  /** The table's sums, its stale blocks counted again first. */
  private sumsFor(filter: FacetFilter): BlockSums {
    const table = this.tableFor(filter);
    for (let block = 0; block < table.blocks.length; block += 1) {
      if (table.blocks[block]!.counted === this.changes[block]) continue;
      const start = block * this.blockSize;
      table.blocks[block] = this.countBlock(
        this.byPrice.subarray(start, start + this.blockSize),
        filter,
        this.changes[block]!,
      );
      table.sums = undefined;
    }
    return (table.sums ??= this.sumsOf(table.blocks));
  }

  private sumsOf(blocks: readonly BlockCounts[]): BlockSums {
    const width = CELL_COUNT - IN_PRICE_SHIFT;
    const cells = new Int32Array((blocks.length + 1) * width);
    for (const [block, counts] of blocks.entries()) {
      for (let cell = 0; cell < width; cell += 1) {
        cells[(block + 1) * width + cell] = cells[block * width + cell]! + counts.cellsOutOfPrice[cell]!;
      }
    }
    const empty = this.columns.variants.emptySettled();
    const running = (category: number, of: (values: SettledValues) => Int32Array) => {
      const length = of(empty).length;
      const sums = new Int32Array((blocks.length + 1) * length);
      for (const [block, counts] of blocks.entries()) {
        const added = of(counts.valuesByCategory[category]!);
        for (let id = 0; id < length; id += 1) {
          sums[(block + 1) * length + id] = sums[block * length + id]! + added[id]!;
        }
      }
      return sums;
    };
    const seen = CATEGORIES.map((_, category) => {
      const values = this.columns.variants.emptySettled();
      for (const counts of blocks)
        this.columns.variants.addSettled(values, counts.valuesByCategory[category]!, false);
      return values;
    });
    return {
      cells,
      sizeCounts: CATEGORIES.map((_, category) => running(category, (values) => values.sizeCounts)),
      colourCounts: CATEGORIES.map((_, category) => running(category, (values) => values.colourCounts)),
      seen,
    };
  }

  private tableFor(filter: FacetFilter): Table {
    const key = `${filter.wanted.size}/${filter.wanted.colour}/${filter.inStockOnly}`;
    const made = () => {
      const blocks: BlockCounts[] = [];
      for (let start = 0; start < this.byPrice.length; start += this.blockSize) {
        const positions = this.byPrice.subarray(start, start + this.blockSize);
        blocks.push(this.countBlock(positions, filter, this.changes[start / this.blockSize]!));
      }
      return { blocks };
    };
    return recentlyUsed<string, Table>(this.tables, key, made, this.maxTables);
  }

  /** A block's counts: each category's products counted as within the price, on their own. */
  private countBlock(positions: Int32Array, filter: FacetFilter, counted: number): BlockCounts {
    const { variants } = this.columns;
    const cells = new Int32Array(CELL_COUNT);
    const valuesByCategory = CATEGORIES.map((_, category) => {
      const counts = variants.emptyCounts();
      const ofCategory = positions.filter((position) => this.columns.categoryIndexes[position] === category);
      tallyFacets(
        this.columns,
        ofCategory,
        { ...filter, minPrice: -Infinity, maxPrice: Infinity, category },
        cells,
        counts,
      );
      return variants.settle(counts);
    });
    // The cells were counted within the price; keep them as outside it.
    const cellsOutOfPrice = new Int32Array(CELL_COUNT);
    for (let cell = 0; cell < CELL_COUNT - IN_PRICE_SHIFT; cell += 1) {
      cellsOutOfPrice[cell] = cells[cell + IN_PRICE_SHIFT]!;
    }
    return { counted, cellsOutOfPrice, valuesByCategory };
  }
}

function zero(arrays: SettledValues | ValueCounts) {
  for (const array of Object.values(arrays) as (Int32Array | Uint32Array)[]) array.fill(0);
}

/** Adds, per id, the running sums' difference between block `from` and block `to`. */
function addDifference(into: Int32Array, sums: Int32Array, from: number, to: number) {
  const length = into.length;
  for (let id = 0; id < length; id += 1) into[id]! += sums[to * length + id]! - sums[from * length + id]!;
}
