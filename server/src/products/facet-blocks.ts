import { CATEGORIES } from "@shop/contract/catalogue";
import { CELL_COUNT, VARIANT_MATCH_STATES } from "./filters";
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
}

/** What a facet count asks, with prices in cents (infinite when not asked) and -1 for no category. */
export interface FacetFilter {
  minPrice: number;
  maxPrice: number;
  category: number;
  wanted: WantedVariant;
  inStockOnly: boolean;
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
  const { categoryIndexes, cellBases, priceCents, stock, variants, matchStates } = columns;
  const { minPrice, maxPrice, category, wanted, inStockOnly } = filter;
  variants.matchStates(candidates, wanted, stock, matchStates);
  const { sizesHad, coloursHad, sizesCounted, coloursCounted } = variants.setNumbers(inStockOnly);
  const { sizeSetsSeen, colourSetsSeen, sizeSetsCounted, colourSetsCounted } = counts;
  // A wanted colour pairs the size counts with it (and a wanted size the colour counts).
  const countSizeSets = wanted.colour === ANY_VALUE;
  const countColourSets = wanted.size === ANY_VALUE;
  for (let index = 0; index < candidates.length; index += 1) {
    const position = candidates[index]!;
    const price = priceCents[position]!;
    const inPrice = price >= minPrice && price < maxPrice;
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

/** The first place in `byPrice` (positions in price order) whose price is `price` or more. */
export function firstAtPrice(byPrice: Int32Array, priceCents: Int32Array, price: number): number {
  let low = 0;
  let high = byPrice.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (priceCents[byPrice[middle]!]! < price) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One block's counts for one size, colour and stock filter. */
interface BlockCounts {
  /** The block's change count (see productChanged) when these were counted. */
  counted: number;
  /** The facet cells as if every product of the block were outside the price. */
  cellsOutOfPrice: Int32Array;
  /** Per category index, the sizes and colours as if every product were within the price. */
  valuesByCategory: SettledValues[];
}

/** How many size/colour/stock filters keep their block counts (a few hundred KB each at 100,000 products). */
const MAX_TABLES = 64;

/**
 * Facet counts without a search word, from blocks of products in price order. The counts depend
 * on the size, colour and in-stock filter, the category and the price; per size/colour/stock
 * filter (made when first asked, for at most MAX_TABLES of them), each block of `blockSize`
 * products keeps its cells and per category its size and colour counts. A count then adds up
 * the blocks wholly inside or outside the price and goes through the products of the (at most
 * two) blocks the price's ends fall in: about 2,000 products at 100,000, where one pass over them
 * all cost 1-3 ms on our machine. A stock change makes its product's block stale in every table:
 * the block is counted again when next read (about a tenth of a millisecond), so a shop taking
 * orders does not pay for whole tables again.
 */
export class FacetBlocks {
  private readonly tables = new Map<string, BlockCounts[]>();
  /** Per block, how many times its products' stock changed. */
  private readonly changes: Int32Array;

  /**
   * `byPrice`: every position in price order (the index's price-asc order); `rankOf`: a
   * position's place in it.
   */
  constructor(
    private readonly columns: FacetColumns,
    private readonly byPrice: Int32Array,
    private readonly rankOf: Int32Array,
    private readonly blockSize: number,
  ) {
    this.changes = new Int32Array(Math.ceil(byPrice.length / blockSize));
  }

  /** The stock of the product at this position changed (its variants' or its own). */
  productChanged(position: number) {
    this.changes[Math.floor(this.rankOf[position]! / this.blockSize)]! += 1;
  }

  tally(filter: FacetFilter): { cells: Int32Array; values: SettledValues } {
    const { variants } = this.columns;
    const table = this.tableFor(filter);
    const from = firstAtPrice(this.byPrice, this.columns.priceCents, filter.minPrice);
    const to = firstAtPrice(this.byPrice, this.columns.priceCents, filter.maxPrice);
    const cells = new Int32Array(CELL_COUNT);
    const values = variants.emptySettled();
    const edges = variants.emptyCounts();
    for (let block = 0; block < table.length; block += 1) {
      const start = block * this.blockSize;
      const end = Math.min(this.byPrice.length, start + this.blockSize);
      const inside = start >= from && end <= to;
      if (!inside && end > from && start < to) {
        tallyFacets(this.columns, this.byPrice.subarray(start, end), filter, cells, edges);
        continue;
      }
      if (table[block]!.counted !== this.changes[block]) {
        table[block] = this.countBlock(this.byPrice.subarray(start, end), filter, this.changes[block]!);
      }
      const counts = table[block]!;
      const shift = inside ? IN_PRICE_SHIFT : 0;
      for (let cell = 0; cell < CELL_COUNT - IN_PRICE_SHIFT; cell += 1) {
        cells[cell + shift]! += counts.cellsOutOfPrice[cell]!;
      }
      if (filter.category !== -1) {
        variants.addSettled(values, counts.valuesByCategory[filter.category]!, inside);
      } else {
        for (const categoryValues of counts.valuesByCategory)
          variants.addSettled(values, categoryValues, inside);
      }
    }
    variants.addSettled(values, variants.settle(edges), true);
    return { cells, values };
  }

  private tableFor(filter: FacetFilter): BlockCounts[] {
    const key = `${filter.wanted.size}/${filter.wanted.colour}/${filter.inStockOnly}`;
    const known = this.tables.get(key);
    if (known) {
      // Most recently used last, so the oldest goes first.
      this.tables.delete(key);
      this.tables.set(key, known);
      return known;
    }
    const table: BlockCounts[] = [];
    for (let start = 0; start < this.byPrice.length; start += this.blockSize) {
      const block = start / this.blockSize;
      table.push(
        this.countBlock(this.byPrice.subarray(start, start + this.blockSize), filter, this.changes[block]!),
      );
    }
    this.tables.set(key, table);
    if (this.tables.size > MAX_TABLES) this.tables.delete(this.tables.keys().next().value!);
    return table;
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
