import { CATEGORIES, type Category, type Product, type ProductSort } from "@shop/contract/catalogue";
import { and, asc, eq, gt, inArray, isNotNull, sql, sum } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";
import { orderLines, orders, products } from "../db/schema";
import type { CatalogueChange } from "../cache/catalogue-cache";
import { SOLD_STATUSES } from "../orders/sold-statuses";
import {
  categoryIndexOf,
  CELL_COUNT,
  cellOf,
  VARIANT_MATCH_STATES,
  filtersVariants,
  priceRangeIndexOf,
  type CatalogueQuery,
  type OptionValueCounts,
} from "./filters";
import { toProduct, type ProductRow } from "./service";
import { nextBoundaryOf, productPriceAt } from "./sale-price";
import { nextPublishOf, shownToShoppers } from "./visibility";
import { loadVariantFacts, type VariantFacts } from "./variant-filters";
import {
  FacetBlocks,
  firstAtPrice,
  firstNotBefore,
  tallyFacets,
  type FacetColumns,
  type FacetFilter,
} from "./facet-blocks";
import { recentlyUsed } from "./recently-used";
import { VariantTable } from "./variant-table";
import { has, set } from "../bit-set";
import { FilterBits, positionsBetween, positionsOf } from "./filter-bits";
import { MATCH, WordIndexBuilder, type WordIndex, type WordMatches } from "../search/word-index";
import { Synonyms } from "../search/synonyms";
import { wordsOf } from "../search/text";
import { searchSynonyms } from "../db/schema";

/** Names indexed per turn of the event loop while building, so requests keep flowing. */
const BUILD_CHUNK = 5_000;
/** Products (with their variants) read per statement while building; see loadInSlices. */
const LOAD_SLICE = 2_000;
/**
 * A product's created_at in whole microseconds, as the database orders it (a JavaScript Date
 * keeps milliseconds only); below 2^53 until the year 2255, so exact as a number.
 */
const CREATED_MICROS = sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint`.mapWith(
  Number,
);
/**
 * A safety net like the response cache's: a write that announced no change (a script working on
 * the database directly) shows within this time. An older snapshot is still served while its
 * replacement builds, so lists never wait for a build; and one is kept, not rebuilt, while the
 * database counts no catalogue write (see catalogueWrites).
 */
const MAX_AGE_MS = 60_000;
/** How many matched positions recent searches may keep in memory (4 bytes each). */
const MAX_REMEMBERED_POSITIONS = 2_000_000;
/** Products per block of facet counts (see FacetBlocks), used from FACET_BLOCKS_FROM blocks on. */
const FACET_BLOCK_SIZE = 512;
const FACET_BLOCKS_FROM = 4;
/**
 * Words whose matches keep facet blocks at once, and size/colour/stock filters per word: a
 * word's table is about 100 KB (32 blocks), so at most about 19 MB in all.
 */
const MAX_WORD_FACET_BLOCKS = 16;
const MAX_WORD_FACET_TABLES = 12;
/** After a failed build (the database away), lists wait this long before starting another. */
const RETRY_DELAY_MS = 1_000;

interface Snapshot {
  /** Product ids in list order (newest first, then by id): a position is a rank. */
  ids: string[];
  /** The products as the API shows them, by position (stock refreshed after stock changes). */
  products: Product[];
  positionById: Map<string, number>;
  lowerNames: string[];
  /** Every two-character piece of a lower-case name → the positions of the names holding it. */
  positionsByBigram: Map<string, Int32Array>;
  /** Every three-character piece of a lower-case name → the positions of the names holding it. */
  positionsByTrigram: Map<string, Int32Array>;
  /** 0, 1, 2, …: the candidates for a query too short to have a trigram. */
  everyPosition: Int32Array;
  positionsByCategory: Map<Category, Int32Array>;
  /** What filters and orders compare, by position; stock and ratings follow refresh(). */
  categoryIndexes: Uint8Array;
  /** The price shown at `pricedAt` (a running sale's), which filters and price orders compare. */
  priceCents: Int32Array;
  /** The saving in whole percent at `pricedAt` (0: not on sale), for "On sale" and the saving order. */
  savingPercent: Uint8Array;
  /** cellOf(category, price range, on sale, false, 0) / VARIANT_MATCH_STATES: a facet cell is (base + in price) × states + match. */
  cellBases: Uint16Array;
  stock: Int32Array;
  ratingSum: Int32Array;
  ratingCount: Int32Array;
  /** Units sold when the snapshot was built (best-selling moves with the snapshot, ≤ 1 minute). */
  unitsSold: Int32Array;
  /** Each product's sizes, colours and their stock, for the size and colour filters. */
  variants: VariantTable;
  /** Positions in each order but newest first (which is position order), made when first asked. */
  orderings: Map<ProductSort, Ordering>;
  /**
   * When the build that made it started, or a later check found nothing written since: it shows
   * the catalogue as it was then or later.
   */
  builtAt: number;
  /** The moment its prices are for (its build's start). */
  pricedAt: number;
  /**
   * The next moment after pricedAt a sale starts or ends (infinite: none): the snapshot's prices
   * and sale sets are wrong from then on, so it is not served past it (decision 032).
   */
  validUntil: number;
  /**
   * The database's count of catalogue writes when the build started, and whether the snapshot is
   * taken as complete, and so kept while the count stands still: a write counted before a build
   * may commit during it. It is complete when no writing transaction was open just after the count
   * was read (always on the embedded database, whose one connection runs one transaction at a
   * time), or else once the build before it started at the same count. A transaction left open
   * across both builds, a minute or more, shows with the next write.
   */
  writes: string;
  writesSettled: boolean;
  /** The words of names and descriptions (search by words, typos, forms; see search/word-index.ts). */
  words: WordIndex;
  /** The owner's synonyms as they were when the build started (a change rebuilds). */
  synonyms: Synonyms;
  /** Recent needles → the products matching them, with their scores (see matchesOf). */
  matchesByNeedle: Map<string, WordMatches>;
  rememberedPositions: number;
  /**
   * Working space for one list or facet count at a time (both are answered synchronously): the
   * kept positions, the same as bits while a page is taken from them, and per candidate its
   * VARIANT_MATCH.
   */
  scratch: { kept: Int32Array; keptBits: Uint32Array; matchStates: Uint8Array };
  /** The filters of lists without a word, as bit sets (see FilterBits). */
  filterBits: FilterBits;
  /** What facet counts read (the columns above, and scratch.matchStates). */
  facetColumns: FacetColumns;
  /** Facet counts without a word, by blocks in price order; made when first asked. */
  facetBlocks?: FacetBlocks | undefined;
  /** The same over recent words' matches (a common word matches thousands), most recent last. */
  facetBlocksByNeedle: Map<string, FacetBlocks>;
}

interface Ordering {
  /** Positions in this order. */
  positions: Int32Array;
  /** A position's place in `positions`. */
  rankOf: Int32Array;
  /** Each category's positions in this order, made when first asked. */
  byCategory: Map<number, Int32Array>;
}

export interface IndexPage {
  /** The ids of the requested page, in list order. */
  ids: string[];
  /** The page's products; undefined where the stock changed since they were read (load those). */
  products: (Product | undefined)[];
  total: number;
}

const lower = (text: string) => text.toLowerCase();

function piecesOf(text: string, length: number): Set<string> {
  const pieces = new Set<string>();
  for (let start = 0; start + length <= text.length; start += 1)
    pieces.add(text.slice(start, start + length));
  return pieces;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The catalogue in list order, in memory, for product lists and search. A substring search that
 * matches a large share of 100,000 products costs PostgreSQL 20–35 ms (trigram bitmap scan,
 * recheck, count), and an uncached list of them all pays 70–100 ms for its total; here either
 * costs well under a millisecond, and the page's products come from memory too. Positions are
 * ranks in list order; a two- or three-letter search's matches are the positions under its
 * bigram or trigram, a longer one's candidates those under its rarest trigram, so the page and
 * the total come out of one pass.
 *
 * Any catalogue change but stock drops the snapshot (a change is published after its commit, so
 * a snapshot that survives a change never predates it); the next list rebuilds it in the
 * background and meanwhile goes to the database. A stock change marks those products stale: a
 * page that shows one loads it from the database (see refresh). Matching is JavaScript's
 * toLowerCase + includes, which agrees with ILIKE on the text shop names are made of.
 */
export class CatalogueIndex {
  private snapshot: Snapshot | undefined;
  private building: Promise<void> | undefined;
  /** Bumped by every change that can alter names, so a build that overlaps one is thrown away. */
  private generation = 0;
  private nextBuildAllowedAt = 0;
  /** The count of catalogue writes when the last finished build started. */
  private writesAtLastBuild: string | undefined;
  /** Counts stock changes; staleStock maps a product id to the count when its stock last changed. */
  private stockVersion = 0;
  private readonly staleStock = new Map<string, number>();
  /** Likewise for the variants' stock, which only size and colour filters read. */
  private readonly staleVariantStock = new Map<string, number>();
  /**
   * Stock changes announced while a build runs, as staleStock counts them. The build's rows may
   * predate them, and a refresh meanwhile clears the marks for the old snapshot only: the new
   * snapshot marks them stale again.
   */
  private readonly changedDuringBuild = new Map<string, number>();
  /** What rememberedUntilChange keeps, with the generation it was loaded in. */
  private readonly remembered = new Map<string, { generation: number; value: Promise<unknown> }>();

  private readonly onBuildError: (error: unknown) => void;
  private readonly now: () => number;
  private readonly maxRememberedPositions: number;
  private readonly facetBlockSize: number;
  private readonly priceStep: number | undefined;

  constructor(
    private readonly db: Db,
    options: {
      onBuildError?: (error: unknown) => void;
      now?: () => number;
      maxRememberedPositions?: number;
      facetBlockSize?: number;
      /** Products between the price prefixes of FilterBits (tests make it small). */
      priceStep?: number;
    } = {},
  ) {
    this.onBuildError = options.onBuildError ?? (() => {});
    this.now = options.now ?? Date.now;
    this.maxRememberedPositions = options.maxRememberedPositions ?? MAX_REMEMBERED_POSITIONS;
    this.facetBlockSize = options.facetBlockSize ?? FACET_BLOCK_SIZE;
    this.priceStep = options.priceStep;
  }

  invalidate(change: CatalogueChange = "everything") {
    if (change !== "everything") {
      // Stock changes leave names, categories and order alone; those products load afresh.
      this.stockVersion += 1;
      for (const id of change.stockOf) {
        this.staleStock.set(id, this.stockVersion);
        this.staleVariantStock.set(id, this.stockVersion);
        if (this.building) this.changedDuringBuild.set(id, this.stockVersion);
      }
      return;
    }
    this.generation += 1;
    this.snapshot = undefined;
  }

  /**
   * `load`'s answer under `key`, kept until the next change that is not stock alone: small lists
   * a hot path reads on every request (the collections' titles for suggestions).
   */
  rememberedUntilChange<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.remembered.get(key);
    if (kept?.generation === this.generation) return kept.value as Promise<T>;
    // A change during the load bumps the generation: its answer is then not used again.
    const entry = { generation: this.generation, value: load() };
    this.remembered.set(key, entry);
    entry.value.catch(() => {
      if (this.remembered.get(key) === entry) this.remembered.delete(key);
    });
    return entry.value;
  }

  /** Where stock changes stand now: pass it to refresh() with products loaded after it. */
  get stockChanges() {
    return this.stockVersion;
  }

  /** The products whose stock or rating changed since the snapshot read them. */
  get staleIds(): string[] {
    return [...this.staleStock.keys()];
  }

  /** The products whose variants' stock changed since the snapshot read them. */
  get staleVariantIds(): string[] {
    return [...this.staleVariantStock.keys()];
  }

  /**
   * Puts variants loaded from the database (every variant of each product, after `loadedAfter`)
   * in the snapshot. A change of variants other than stock drops the whole snapshot, so a
   * product's variants are the same slots as when it was built.
   */
  refreshVariants(productIds: readonly string[], loaded: readonly VariantFacts[], loadedAfter: number) {
    const snapshot = this.snapshot;
    const byProduct = groupByProduct(loaded);
    for (const id of productIds) {
      const changedAt = this.staleVariantStock.get(id);
      if (changedAt !== undefined && changedAt > loadedAfter) continue;
      this.staleVariantStock.delete(id);
      const position = snapshot?.positionById.get(id);
      if (!snapshot || position === undefined) continue;
      snapshot.variants.restock(position, byProduct.get(id) ?? []);
      productChanged(snapshot, position);
    }
  }

  /**
   * Puts products loaded from the database (after `loadedAfter`, from stockChanges) in the
   * snapshot; one whose stock changed again meanwhile stays stale.
   */
  refresh(loaded: readonly ProductRow[], loadedAfter: number) {
    const snapshot = this.snapshot;
    for (const row of loaded) {
      const changedAt = this.staleStock.get(row.id);
      if (changedAt !== undefined && changedAt > loadedAfter) continue;
      this.staleStock.delete(row.id);
      const position = snapshot?.positionById.get(row.id);
      if (!snapshot || position === undefined) continue;
      snapshot.products[position] = toProduct(row, snapshot.pricedAt);
      snapshot.stock[position] = row.stock;
      productChanged(snapshot, position);
      if (
        snapshot.ratingSum[position] !== row.ratingSum ||
        snapshot.ratingCount[position] !== row.ratingCount
      ) {
        snapshot.ratingSum[position] = row.ratingSum;
        snapshot.ratingCount[position] = row.ratingCount;
        snapshot.orderings.delete("rating");
      }
    }
  }

  get isReady() {
    return this.snapshot !== undefined;
  }

  /** The moment the snapshot's prices are for: products loaded to refresh it are priced the same. */
  get pricedAt() {
    return this.snapshot?.pricedAt ?? this.now();
  }

  /** How many list orders the snapshot has made so far (tests). */
  get preparedOrders() {
    return this.snapshot?.orderings.size ?? 0;
  }

  /** How many searches' matches are remembered now (tests). */
  get rememberedSearches() {
    return this.snapshot?.matchesByNeedle.size ?? 0;
  }

  /** Stops any build at its next step and waits for it, so the database can close under it. */
  async close() {
    this.invalidate();
    await this.building;
  }

  /**
   * Waits up to `budgetMs` for a snapshot when there is none, so a search just after a change
   * still forgives plurals and typos (the database's stand-in matches only pieces of names). A
   * small catalogue builds well within the budget; a large one answers from the database after it.
   */
  async readyWithin(budgetMs: number): Promise<void> {
    if (this.isReady) return;
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, budgetMs);
      timer.unref();
    });
    await Promise.race([this.warm(), budget]);
    clearTimeout(timer);
  }

  /**
   * Resolves when a fresh snapshot is ready (or its build failed, or a change overlapped it);
   * starts a build if none runs.
   */
  warm(): Promise<void> {
    this.dropIfPastSaleBoundary();
    if (this.snapshot && !this.isExpired(this.snapshot)) return Promise.resolve();
    const generation = this.generation;
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building.then(() => {
      // The build under way when asked had started before a change and was thrown away: one
      // more, which sees the change (none when the build failed).
      const failed = this.now() < this.nextBuildAllowedAt;
      if (!this.snapshot && generation === this.generation && !failed) return this.warm();
    });
  }

  private isExpired(snapshot: Snapshot) {
    return this.now() - snapshot.builtAt > MAX_AGE_MS;
  }

  /** A snapshot priced before a sale's start or end that has passed is not served (decision 032). */
  private dropIfPastSaleBoundary() {
    if (this.snapshot && this.now() >= this.snapshot.validUntil) this.invalidate();
  }

  /**
   * The page of products whose name holds `query` (case-insensitively; every product when it is
   * empty), or undefined while no snapshot is ready: the caller asks the database then.
   */
  search(query: string, filter: { category?: Category | undefined; limit: number; offset: number }) {
    const snapshot = this.usableSnapshot();
    if (!snapshot) return undefined;
    const needle = lower(query);
    if (!needle && filter.category) {
      const positions = snapshot.positionsByCategory.get(filter.category) ?? new Int32Array(0);
      return this.pageOf(snapshot, positions, filter);
    }
    const matches = needle ? this.matchesOf(snapshot, needle).positions : snapshot.everyPosition;
    if (!filter.category) return this.pageOf(snapshot, matches, filter);
    const kept = keptPositions(snapshot, matches, filter, categoryIndexOf(filter.category));
    return this.pageOf(snapshot, kept, filter);
  }

  /**
   * The page of products matching `q` and every filter, in the requested order, or undefined
   * while no snapshot is ready. Stock and ratings are the snapshot's: refresh the stale products
   * first when the answer depends on them (see staleIds).
   *
   * Two steps: the kept products, then the page in the requested order. The filters are bit sets
   * ANDed 32 products at a time (FilterBits), which costs the same whatever they keep; a word's
   * matches join them as a set, or when they are few, are filtered one by one instead. The page
   * is then taken by sorting the ranks of the few kept or by walking the order until it is full,
   * whichever costs less (pageInOrder).
   */
  query(query: CatalogueQuery): IndexPage | undefined {
    const filtered =
      query.minPriceCents !== undefined ||
      query.maxPriceCents !== undefined ||
      Boolean(query.inStock) ||
      Boolean(query.onSale) ||
      filtersVariants(query);
    const sort = query.sort ?? "newest";
    const needle = lower(query.q ?? "");
    // A search without an explicit order comes best match first (decision 035).
    const byRelevance = needle !== "" && query.sort === undefined;
    if (!filtered && sort === "newest" && !byRelevance) return this.search(query.q ?? "", query);
    const snapshot = this.usableSnapshot();
    if (!snapshot) return undefined;
    // Past a million products the orders do not fit the sort keys: the database answers.
    if ((sort !== "newest" || byRelevance) && snapshot.ids.length > POSITION_SPACE) return undefined;
    const category = query.category === undefined ? -1 : categoryIndexOf(query.category);
    const matches = needle ? this.matchesOf(snapshot, needle) : undefined;
    const kept = this.keptOf(snapshot, query, needle, matches?.positions, category);
    const total = kept.count;
    const end = Math.min(total, query.offset + query.limit);
    if (query.offset >= end) return this.pageAt(snapshot, [], total);
    if (byRelevance && !filtered && category === -1 && end > FIRST_PAGES) {
      // Every match is kept: their ranking is made once per needle and snapshot, then paged.
      matches!.ranked ??= Int32Array.from(pageByRelevance(snapshot, kept, matches!, 0, total));
      return this.pageAt(snapshot, matches!.ranked.subarray(query.offset, end), total);
    }
    if (byRelevance && !filtered && category === -1) {
      // The first pages, asked most (every suggestion): ranked again only after a stock change,
      // which can move the in-stock tie break.
      if (matches!.firstRanked?.stockVersion !== this.stockVersion) {
        const positions = pageByRelevance(snapshot, kept, matches!, 0, Math.min(total, FIRST_PAGES));
        matches!.firstRanked = { positions: Int32Array.from(positions), stockVersion: this.stockVersion };
      }
      return this.pageAt(snapshot, matches!.firstRanked.positions.subarray(query.offset, end), total);
    }
    if (byRelevance)
      return this.pageAt(snapshot, pageByRelevance(snapshot, kept, matches!, query.offset, end), total);
    if (sort === "newest") return this.pageAt(snapshot, kept.between(query.offset, end), total);
    return this.pageAt(snapshot, pageInOrder(snapshot, kept, sort, category, query, end), total);
  }

  /**
   * The products a list keeps. A word's few matches are filtered one by one; thousands, as a set
   * like the filters. Past a million products the price sets (cut from the price order) are not
   * made: every candidate is filtered one by one.
   */
  private keptOf(
    snapshot: Snapshot,
    query: CatalogueQuery,
    needle: string,
    matches: Int32Array | undefined,
    category: number,
  ): Kept {
    if (matches && matches.length < snapshot.filterBits.words) {
      return keptFromPositions(snapshot, keptPositions(snapshot, matches, query, category));
    }
    if (snapshot.ids.length > POSITION_SPACE) {
      const candidates =
        matches ??
        (category === -1
          ? snapshot.everyPosition
          : (snapshot.positionsByCategory.get(query.category!) ?? new Int32Array(0)));
      return keptFromPositions(snapshot, keptPositions(snapshot, candidates, query, matches ? category : -1));
    }
    return keptFromBits(snapshot, query, category, matches && snapshot.filterBits.matchesOf(needle, matches));
  }

  /**
   * When `q` matches nothing: the closest query that matches something, each word replaced by
   * the nearest word of the names ("did you mean"); undefined when none is near or no snapshot is
   * ready.
   */
  didYouMean(q: string): string | undefined {
    const snapshot = this.usableSnapshot();
    if (!snapshot) return undefined;
    const tokens = wordsOf(q);
    const corrected = tokens.map((token) => snapshot.words.closestWord(token));
    if (tokens.length === 0 || corrected.some((word) => word === undefined)) return undefined;
    const candidate = corrected.join(" ");
    if (candidate === tokens.join(" ")) return undefined;
    return this.matchesOf(snapshot, candidate).positions.length > 0 ? candidate : undefined;
  }

  /** The owner's synonyms as the current snapshot has them (none while no snapshot is ready). */
  get synonyms(): Synonyms {
    return this.snapshot?.synonyms ?? new Synonyms();
  }

  /**
   * The facet cells (see filters.ts) of the products matching `q`, and the size and colour
   * counts, or undefined while no snapshot is ready.
   */
  facets(query: CatalogueQuery): { cells: Int32Array; optionValues: OptionValueCounts } | undefined {
    const snapshot = this.usableSnapshot();
    if (!snapshot) return undefined;
    const { variants } = snapshot;
    const filter: FacetFilter = {
      minPrice: query.minPriceCents ?? Number.NEGATIVE_INFINITY,
      maxPrice: query.maxPriceCents ?? Number.POSITIVE_INFINITY,
      category: query.category === undefined ? -1 : categoryIndexOf(query.category),
      wanted: variants.wanted(query),
      inStockOnly: Boolean(query.inStock),
    };
    const needle = lower(query.q ?? "");
    const candidates = needle ? this.matchesOf(snapshot, needle).positions : snapshot.everyPosition;
    // On sale: the sizes and colours listed are still every matching product's, but only those
    // on sale count; the blocks do not know sales, so this count is a pass over the candidates.
    filter.onSaleOnly = Boolean(query.onSale);
    const blocks = query.onSale
      ? undefined
      : needle
        ? this.wordFacetBlocksOf(snapshot, needle, candidates)
        : this.facetBlocksOf(snapshot);
    if (blocks) {
      const { cells, values } = blocks.tally(filter);
      return { cells, optionValues: variants.countsOf(values) };
    }
    const cells = new Int32Array(CELL_COUNT);
    const counts = variants.emptyCounts();
    tallyFacets(snapshot.facetColumns, candidates, filter, cells, counts);
    return { cells, optionValues: variants.countsOf(variants.settle(counts)) };
  }

  /**
   * How many products matching `q` each category holds, most first, none empty (the header's
   * suggestions): one pass over the matches. The facets' word blocks would be built for every
   * new prefix a shopper types and mostly thrown away. Undefined while no snapshot is ready.
   */
  categoryCounts(q: string): { value: Category; count: number }[] | undefined {
    const snapshot = this.usableSnapshot();
    if (!snapshot) return undefined;
    const needle = lower(q);
    const positions = needle ? this.matchesOf(snapshot, needle).positions : snapshot.everyPosition;
    const counts = new Int32Array(CATEGORIES.length);
    for (const position of positions) counts[snapshot.categoryIndexes[position]!]! += 1;
    return CATEGORIES.map((value, index) => ({ value, count: counts[index]! }))
      .filter((category) => category.count > 0)
      .sort((a, b) => b.count - a.count);
  }

  /** The snapshot's facet blocks, made when first asked; none for a catalogue of a few blocks. */
  private facetBlocksOf(snapshot: Snapshot): FacetBlocks | undefined {
    const size = snapshot.ids.length;
    if (size < FACET_BLOCKS_FROM * this.facetBlockSize || size > POSITION_SPACE) return undefined;
    if (!snapshot.facetBlocks) {
      const byPrice = orderingOf(snapshot, "price-asc");
      snapshot.facetBlocks = new FacetBlocks(
        snapshot.facetColumns,
        byPrice.positions,
        (position) => byPrice.rankOf[position]!,
        this.facetBlockSize,
      );
    }
    return snapshot.facetBlocks;
  }

  /**
   * Facet blocks over a word's matches in price order, made when first asked: a word repeats
   * across shoppers and filters, and a pass over its thousands of matches cost a few tenths of a
   * millisecond per count. Blocks of a 32nd of the matches, at least a 16th of a catalogue
   * block, so a count adds up at most 32 blocks and goes through two. None for fewer matches
   * than a catalogue block: a pass over them costs as little.
   */
  private wordFacetBlocksOf(snapshot: Snapshot, needle: string, matches: Int32Array) {
    if (matches.length < this.facetBlockSize || snapshot.ids.length > POSITION_SPACE) return undefined;
    const made = () => {
      const { rankOf, positions } = orderingOf(snapshot, "price-asc");
      const byPrice = inPriceOrder(matches, rankOf, positions);
      return new FacetBlocks(
        snapshot.facetColumns,
        byPrice,
        (position) => placeByRank(byPrice, rankOf, position),
        Math.max(Math.ceil(this.facetBlockSize / 16), Math.ceil(matches.length / 32)),
        MAX_WORD_FACET_TABLES,
      );
    };
    return recentlyUsed(snapshot.facetBlocksByNeedle, needle, made, MAX_WORD_FACET_BLOCKS);
  }

  /**
   * The orders, their category slices and the facet blocks, made a turn of the event loop apart
   * after a build: the first shoppers to sort or filter a fresh snapshot no longer pay a sort of
   * every product in their requests (tens of milliseconds each at 100,000, the uncached lists'
   * p99). A shopper's first sorts would make the same, so memory ends where it would anyway.
   */
  private async prepareOrders(snapshot: Snapshot) {
    if (snapshot.ids.length > POSITION_SPACE) return;
    const stillCurrent = async () => {
      await yieldToEventLoop();
      return this.snapshot === snapshot;
    };
    for (const sort of Object.keys(RANK_OF) as (keyof typeof RANK_OF)[]) {
      if (!(await stillCurrent())) return;
      const ordering = orderingOf(snapshot, sort);
      for (let category = 0; category < CATEGORIES.length; category += 1) {
        if (!(await stillCurrent())) return;
        categoryOrder(snapshot, ordering, category);
      }
    }
    if (await stillCurrent()) this.facetBlocksOf(snapshot);
  }

  /** The snapshot if there is one (starting a rebuild when it is old or missing). */
  private usableSnapshot() {
    this.dropIfPastSaleBoundary();
    const snapshot = this.snapshot;
    if ((!snapshot || this.isExpired(snapshot)) && this.now() >= this.nextBuildAllowedAt) void this.warm();
    return snapshot;
  }

  private pageOf(snapshot: Snapshot, positions: Int32Array, page: { limit: number; offset: number }) {
    return this.pageAt(snapshot, positions.subarray(page.offset, page.offset + page.limit), positions.length);
  }

  private pageAt(snapshot: Snapshot, positions: ArrayLike<number>, total: number): IndexPage {
    const ids = Array.from(positions, (position) => snapshot.ids[position]!);
    const products = Array.from(positions, (position, index) =>
      this.staleStock.has(ids[index]!) ? undefined : snapshot.products[position],
    );
    return { ids, products, total };
  }

  /**
   * The products matching `needle`, ascending, with their scores: by its words (search/word-index.ts)
   * or, as before, as a piece of the name (ranked last). Remembered for recent needles of one
   * or four or more characters: shoppers repeat searches and page through them, and a common word
   * costs a pass over thousands of names.
   */
  private matchesOf(snapshot: Snapshot, needle: string): WordMatches {
    const remembered = snapshot.matchesByNeedle.get(needle);
    if (remembered) {
      // Most recently used last, so eviction takes the oldest first.
      snapshot.matchesByNeedle.delete(needle);
      snapshot.matchesByNeedle.set(needle, remembered);
      return remembered;
    }
    const byWords = snapshot.words.match(needle, snapshot.synonyms);
    const candidates = this.candidatesFor(snapshot, needle);
    // Two or three characters are their own only bigram or trigram: the index's own list.
    const bySubstring =
      needle.length === 2 || needle.length === 3
        ? candidates
        : candidates.filter((position) => snapshot.lowerNames[position]!.includes(needle));
    const matches = unionOf(byWords, bySubstring, MATCH.substring * Math.max(1, needle.split(/\s+/).length));
    // Two or three characters are not remembered: a common bigram is tens of thousands of
    // positions, which pushed the longer needles out. Nothing matched: not kept either, as it
    // would count 0 positions against the limit, so endless new queries that match nothing would
    // grow the map without bound.
    if (matches.positions.length === 0 || needle.length === 2 || needle.length === 3) return matches;
    snapshot.matchesByNeedle.set(needle, matches);
    snapshot.rememberedPositions += matches.positions.length;
    for (const [oldest, positions] of snapshot.matchesByNeedle) {
      if (snapshot.rememberedPositions <= this.maxRememberedPositions) break;
      snapshot.matchesByNeedle.delete(oldest);
      snapshot.rememberedPositions -= positions.positions.length;
    }
    return matches;
  }

  /** Positions that may match, ascending: under the bigram or rarest trigram, or all for one letter. */
  private candidatesFor(snapshot: Snapshot, needle: string): Int32Array {
    if (needle.length < 2) return snapshot.everyPosition;
    if (needle.length === 2) return snapshot.positionsByBigram.get(needle) ?? new Int32Array(0);
    let rarest: Int32Array | undefined;
    for (const trigram of piecesOf(needle, 3)) {
      const positions = snapshot.positionsByTrigram.get(trigram);
      if (!positions) return new Int32Array(0);
      if (!rarest || positions.length < rarest.length) rarest = positions;
    }
    return rarest ?? new Int32Array(0);
  }

  /**
   * Every product and variant, read in slices of LOAD_SLICE products by id with a turn of the
   * event loop between them (on the embedded database a statement holds the loop until it ends:
   * one statement for 100,000 products held every request for seconds), then put in list order:
   * newest first by the exact microsecond, then by id, as the database orders them. Undefined
   * when a change overlapped (the build is thrown away).
   */
  private async loadInSlices(generation: number) {
    const read: { product: ProductRow; createdMicros: number }[] = [];
    const variants: VariantFacts[] = [];
    let after: string | undefined;
    for (;;) {
      const slice = await this.db
        .select({ product: products, createdMicros: CREATED_MICROS })
        .from(products)
        .where(after === undefined ? undefined : gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(LOAD_SLICE);
      if (slice.length > 0) {
        const upTo = slice.at(-1)!.product.id;
        variants.push(...(await loadVariantFacts(this.db, { range: { after, upTo } })));
        read.push(...slice);
        after = upTo;
      }
      await yieldToEventLoop();
      if (generation !== this.generation) return undefined;
      if (slice.length < LOAD_SLICE) break;
    }
    // Read in id order, and the sort is stable: equal times stay in id order, as in the database.
    read.sort((a, b) => b.createdMicros - a.createdMicros);
    await yieldToEventLoop();
    return { rows: read.map((entry) => entry.product), variants };
  }

  private async build() {
    const generation = this.generation;
    const builtAt = this.now();
    const stockVersion = this.stockVersion;
    this.changedDuringBuild.clear();
    try {
      const writes = await catalogueWrites(this.db);
      const synonymGroups = await this.db.select({ terms: searchSynonyms.terms }).from(searchSynonyms);
      const kept = this.snapshot;
      if (kept?.writesSettled && kept.writes === writes && builtAt < kept.validUntil) {
        kept.builtAt = builtAt;
        return;
      }
      // Asked after the count: a write it counted that has not committed yet is still open now.
      const countedAllCommitted = !(await writersOpenSince(this.db));
      const loaded = await this.loadInSlices(generation);
      if (!loaded) return;
      // Only what shoppers see now: drafts, archived and scheduled products stay out (decision 046).
      const rows = loaded.rows.filter((row) => shownToShoppers(row, builtAt));
      const { variants } = loaded;
      const sold = await unitsSoldByProduct(this.db);
      const variantsByProduct = groupByProduct(variants);
      await yieldToEventLoop();
      const lowerNames: string[] = [];
      const byBigram = new PositionGroups<string>();
      const byTrigram = new PositionGroups<string>();
      const byCategory = new PositionGroups<Category>();
      const words = new WordIndexBuilder();
      for (let position = 0; position < rows.length; position += 1) {
        if (position % BUILD_CHUNK === 0 && position > 0) {
          await yieldToEventLoop();
          if (generation !== this.generation) return;
        }
        const row = rows[position]!;
        const name = lower(row.name);
        lowerNames.push(name);
        for (const bigram of piecesOf(name, 2)) byBigram.add(bigram, position);
        for (const trigram of piecesOf(name, 3)) byTrigram.add(trigram, position);
        byCategory.add(row.category, position);
        words.add(position, row.name, row.description);
      }
      // The heavy pieces a turn of the event loop apart: together over a second at 100,000 products.
      const ids = rows.map((row) => row.id);
      const shownProducts = rows.map((row) => toProduct(row, builtAt));
      await yieldToEventLoop();
      const positionsByBigram = byBigram.frozen();
      await yieldToEventLoop();
      const positionsByTrigram = byTrigram.frozen();
      await yieldToEventLoop();
      const wordIndex = words.build(rows.length);
      await yieldToEventLoop();
      const variantTable = new VariantTable(ids, variantsByProduct);
      await yieldToEventLoop();
      const positionById = new Map(ids.map((id, position) => [id, position]));
      const columns = columnsOf(rows, sold, builtAt);
      const positionsByCategory = byCategory.frozen();
      await yieldToEventLoop();
      if (generation !== this.generation) return;
      // The rows were read after these stock changes: they hold the new stock.
      for (const [id, changedAt] of this.staleStock) {
        if (changedAt <= stockVersion) this.staleStock.delete(id);
      }
      for (const [id, changedAt] of this.staleVariantStock) {
        if (changedAt <= stockVersion) this.staleVariantStock.delete(id);
      }
      // Each holds the id's latest change, as the stale maps do where they still have it.
      for (const [id, changedAt] of this.changedDuringBuild) {
        this.staleStock.set(id, changedAt);
        this.staleVariantStock.set(id, changedAt);
      }
      const writesSettled = countedAllCommitted || this.writesAtLastBuild === writes;
      this.writesAtLastBuild = writes;
      const scratch = {
        kept: new Int32Array(ids.length),
        keptBits: new Uint32Array(Math.ceil(ids.length / 32)),
        matchStates: new Uint8Array(ids.length),
      };
      const snapshot: Snapshot = {
        ids,
        products: shownProducts,
        positionById,
        lowerNames,
        positionsByBigram,
        positionsByTrigram,
        ...columns,
        positionsByCategory,
        variants: variantTable,
        orderings: new Map(),
        builtAt,
        pricedAt: builtAt,
        // A scheduled launch changes the lists as a sale's start changes the prices.
        validUntil: Math.min(nextBoundaryOf(rows, builtAt), nextPublishOf(loaded.rows, builtAt)),
        writes,
        writesSettled,
        words: wordIndex,
        synonyms: new Synonyms(synonymGroups.map((group) => group.terms)),
        matchesByNeedle: new Map(),
        facetBlocksByNeedle: new Map(),
        rememberedPositions: 0,
        scratch,
        facetColumns: { ...columns, variants: variantTable, matchStates: scratch.matchStates },
        filterBits: new FilterBits({
          categoryIndexes: columns.categoryIndexes,
          everyPosition: columns.everyPosition,
          priceCents: columns.priceCents,
          savingPercent: columns.savingPercent,
          stock: columns.stock,
          variants: variantTable,
          byPrice: () => orderingOf(snapshot, "price-asc").positions,
          priceStep: this.priceStep,
        }),
      };
      this.snapshot = snapshot;
      void this.prepareOrders(snapshot);
    } catch (error) {
      // Lists keep going to the database; one a second later tries again.
      this.nextBuildAllowedAt = this.now() + RETRY_DELAY_MS;
      this.onBuildError(error);
    }
  }
}

/**
 * How many statements have written products, variants, options, orders or order lines (a
 * sequence the migration 0011 triggers draw from): while it stands still, nothing the index
 * reads has changed.
 */
async function catalogueWrites(db: Db): Promise<string> {
  const [row] = await selectRows<{ writes: string }>(
    db,
    sql`select last_value::text || (case when is_called then '' else '-' end) as writes from catalogue_writes`,
  );
  return row!.writes;
}

/**
 * Whether a transaction that got its id before this call (the first write gives one) is still
 * open on the database server. This call takes an id of its own, then reads the oldest one still
 * running: older than its own means another writer is open. A running id newer than every ended
 * one is missing from a snapshot's in-progress list (`pg_snapshot_xip`), so that list alone cannot
 * tell. Any database on the server counts: another database's writer only costs a second build.
 */
async function writersOpenSince(db: Db): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [own] = await selectRows<{ id: string }>(transaction, sql`select pg_current_xact_id()::text as id`);
    const [oldest] = await selectRows<{ id: string }>(
      transaction,
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as id`,
    );
    return BigInt(oldest!.id) < BigInt(own!.id);
  });
}

/** Units sold per product in orders that count as sold (products never sold are absent). */
async function unitsSoldByProduct(db: Db) {
  const rows = await db
    .select({ productId: orderLines.productId, units: sum(orderLines.quantity).mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orders.status, SOLD_STATUSES), isNotNull(orderLines.productId)))
    .groupBy(orderLines.productId);
  return new Map(rows.map((row) => [row.productId!, row.units]));
}

/** What filters and orders compare, by position: typed arrays filled in one pass. */
function columnsOf(rows: readonly ProductRow[], unitsSoldById: ReadonlyMap<string, number>, now: number) {
  const size = rows.length;
  const columns = {
    everyPosition: new Int32Array(size),
    categoryIndexes: new Uint8Array(size),
    priceCents: new Int32Array(size),
    savingPercent: new Uint8Array(size),
    cellBases: new Uint16Array(size),
    stock: new Int32Array(size),
    ratingSum: new Int32Array(size),
    ratingCount: new Int32Array(size),
    unitsSold: new Int32Array(size),
  };
  for (let position = 0; position < size; position += 1) {
    const row = rows[position]!;
    columns.everyPosition[position] = position;
    columns.categoryIndexes[position] = categoryIndexOf(row.category);
    const applied = productPriceAt(row, now);
    columns.priceCents[position] = applied.priceCents;
    columns.savingPercent[position] = applied.savingPercent;
    const cell = cellOf(
      columns.categoryIndexes[position]!,
      priceRangeIndexOf(applied.priceCents),
      applied.savingPercent > 0,
      false,
      0,
    );
    columns.cellBases[position] = cell / VARIANT_MATCH_STATES;
    columns.stock[position] = row.stock;
    columns.ratingSum[position] = row.ratingSum;
    columns.ratingCount[position] = row.ratingCount;
    columns.unitsSold[position] = unitsSoldById.get(row.id) ?? 0;
  }
  return columns;
}

/**
 * The candidates (ascending positions) that pass the price, stock, size and colour filters, and
 * the category when `category` is not -1, in the snapshot's scratch space: valid until the next
 * query. Price and category first, in one pass; then the variant step on what is left.
 */
function keptPositions(snapshot: Snapshot, candidates: Int32Array, query: CatalogueQuery, category: number) {
  const kept = snapshot.scratch.kept;
  const minPrice = query.minPriceCents ?? Number.NEGATIVE_INFINITY;
  const maxPrice = query.maxPriceCents ?? Number.POSITIVE_INFINITY;
  // Without a size or colour, "in stock" is the product's own stock (the sum of its variants').
  const productInStock = Boolean(query.inStock) && !filtersVariants(query);
  const onSaleOnly = Boolean(query.onSale);
  const { categoryIndexes, priceCents, savingPercent, stock } = snapshot;
  let count = 0;
  for (let index = 0; index < candidates.length; index += 1) {
    const position = candidates[index]!;
    const price = priceCents[position]!;
    if (price < minPrice || price >= maxPrice) continue;
    if (category !== -1 && categoryIndexes[position] !== category) continue;
    if (productInStock && stock[position]! <= 0) continue;
    if (onSaleOnly && savingPercent[position] === 0) continue;
    kept[count++] = position;
  }
  if (filtersVariants(query)) {
    const { variants } = snapshot;
    count = variants.keepMatching(kept, count, variants.wanted(query), Boolean(query.inStock));
  }
  return kept.subarray(0, count);
}

/**
 * The products a list keeps: how many, the page of them in position order (newest first), all of
 * them ascending, and (for the walk in pageInOrder) the same as bits.
 */
interface Kept {
  count: number;
  between(offset: number, end: number): ArrayLike<number>;
  positions(): Int32Array;
  withBits<T>(use: (bits: Uint32Array) => T): T;
}

/** Kept positions (ascending) as a Kept; their bits are set in the scratch space while used. */
function keptFromPositions(snapshot: Snapshot, kept: Int32Array): Kept {
  return {
    count: kept.length,
    between: (offset, end) => kept.subarray(offset, end),
    positions: () => kept,
    withBits(use) {
      const bits = snapshot.scratch.keptBits;
      for (let index = 0; index < kept.length; index += 1) set(bits, kept[index]!);
      try {
        return use(bits);
      } finally {
        for (let index = 0; index < kept.length; index += 1) bits[kept[index]! >>> 5] = 0;
      }
    },
  };
}

/** The products a list keeps, from the filters' bit sets (and the word's matches as one). */
function keptFromBits(
  snapshot: Snapshot,
  query: CatalogueQuery,
  category: number,
  matches: Uint32Array | undefined,
): Kept {
  const { filterBits } = snapshot;
  const count = filterBits.select(query, category, matches);
  const bits = filterBits.result;
  return {
    count,
    between: (offset, end) => positionsBetween(bits, offset, end),
    positions: () => snapshot.scratch.kept.subarray(0, positionsOf(bits, snapshot.scratch.kept)),
    withBits: (use) => use(bits),
  };
}

/**
 * Positions `offset` up to `end` of the kept products in `sort`'s order. Sorting the kept ranks
 * costs about k·log k; walking the order (the category's, when one is asked; for a price order,
 * only its stretch within the query's price) until the page is full costs about end × (walked
 * length / k): the cheaper of the two is taken.
 */
function pageInOrder(
  snapshot: Snapshot,
  kept: Kept,
  sort: Exclude<ProductSort, "newest">,
  category: number,
  query: CatalogueQuery,
  end: number,
): number[] {
  const { offset } = query;
  const ordering = orderingOf(snapshot, sort);
  const ordered = category === -1 ? ordering.positions : categoryOrder(snapshot, ordering, category);
  const walked = withinPrice(snapshot.priceCents, ordered, sort, query);
  const walkCost = (end * walked.length) / kept.count;
  const sortCost = kept.count * Math.log2(kept.count + 1) * SORT_STEP_COST;
  if (sortCost < walkCost) {
    const ranks = Int32Array.from(kept.positions(), (position) => ordering.rankOf[position]!).sort();
    return Array.from(ranks.subarray(offset, end), (rank) => ordering.positions[rank]!);
  }
  return kept.withBits((bits) => {
    const page: number[] = [];
    let seen = 0;
    for (let index = 0; index < walked.length && seen < end; index += 1) {
      const position = walked[index]!;
      if (!has(bits, position)) continue;
      if (seen >= offset) page.push(position);
      seen += 1;
    }
    return page;
  });
}

/**
 * The stretch of a price order whose prices are within the query's (binary search): the kept
 * products are all there, so the walk need not pass the cheaper or dearer ones first.
 */
function withinPrice(
  priceCents: Int32Array,
  ordered: Int32Array,
  sort: ProductSort,
  query: CatalogueQuery,
): Int32Array {
  if (sort !== "price-asc" && sort !== "price-desc") return ordered;
  const min = query.minPriceCents ?? Number.NEGATIVE_INFINITY;
  const max = query.maxPriceCents ?? Number.POSITIVE_INFINITY;
  if (sort === "price-asc") {
    return ordered.subarray(firstAtPrice(ordered, priceCents, min), firstAtPrice(ordered, priceCents, max));
  }
  return ordered.subarray(
    firstBelowPrice(ordered, priceCents, max),
    firstBelowPrice(ordered, priceCents, min),
  );
}

/** In positions by descending price, the first whose price is below `price`. */
function firstBelowPrice(byPriceDescending: Int32Array, priceCents: Int32Array, price: number): number {
  return firstNotBefore(byPriceDescending.length, (place) => priceCents[byPriceDescending[place]!]! >= price);
}

/**
 * Positions `offset` up to `end` of the kept products, best match first (the lowest score), then
 * in stock, then best-selling (whose order breaks its own ties newest first). One native sort
 * of numbers, as orderingOf: (score × 2 + sold out) × 2^20 + best-selling rank.
 */
function pageByRelevance(snapshot: Snapshot, kept: Kept, matches: WordMatches, offset: number, end: number) {
  const positions = kept.positions();
  const bestSelling = orderingOf(snapshot, "best-selling");
  const { stock } = snapshot;
  const keys = new Float64Array(positions.length);
  let match = 0;
  for (let index = 0; index < positions.length; index += 1) {
    const position = positions[index]!;
    // Both ascending: the kept are some of the matches.
    while (matches.positions[match]! < position) match += 1;
    const rank = matches.scores[match]! * 2 + (stock[position]! > 0 ? 0 : 1);
    keys[index] = rank * POSITION_SPACE + bestSelling.rankOf[position]!;
  }
  const best = end * 8 < keys.length ? smallest(keys, end) : keys.sort();
  return Array.from(best.subarray(offset, end), (key) => bestSelling.positions[key % POSITION_SPACE]!);
}

/**
 * Pages up to this end are picked from the matches (see smallest) on every request; deeper ones
 * page through the whole ranking, made once per needle.
 */
const FIRST_PAGES = 100;

/**
 * The `count` smallest of `keys`, ascending: a max-heap of `count` keys over one pass, so the
 * first pages of thousands of matches cost n·log(count) compares instead of a sort of them all.
 */
function smallest(keys: Float64Array, count: number): Float64Array {
  const heap = keys.slice(0, count);
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = at * 2 + 1;
      if (left >= count) return;
      const larger = left + 1 < count && heap[left + 1]! > heap[left]! ? left + 1 : left;
      if (heap[larger]! <= heap[at]!) return;
      [heap[at], heap[larger]] = [heap[larger]!, heap[at]!];
      at = larger;
    }
  };
  for (let at = (count >>> 1) - 1; at >= 0; at -= 1) siftDown(at);
  for (let index = count; index < keys.length; index += 1) {
    if (keys[index]! < heap[0]!) {
      heap[0] = keys[index]!;
      siftDown(0);
    }
  }
  return heap.sort();
}

/** Matches by words and by substring in one list (ascending); a substring-only match gets `substringScore`. */
function unionOf(byWords: WordMatches, bySubstring: Int32Array, substringScore: number): WordMatches {
  if (bySubstring.length === 0) return byWords;
  const positions = new Int32Array(byWords.positions.length + bySubstring.length);
  const scores = new Uint8Array(positions.length);
  let words = 0;
  let substring = 0;
  let count = 0;
  while (words < byWords.positions.length || substring < bySubstring.length) {
    const wordPosition = byWords.positions[words] ?? Number.POSITIVE_INFINITY;
    const substringPosition = bySubstring[substring] ?? Number.POSITIVE_INFINITY;
    if (wordPosition <= substringPosition) {
      positions[count] = wordPosition;
      scores[count] = byWords.scores[words]!;
      words += 1;
      if (wordPosition === substringPosition) substring += 1;
    } else {
      positions[count] = substringPosition;
      scores[count] = Math.min(substringScore, 255);
      substring += 1;
    }
    count += 1;
  }
  return { positions: positions.slice(0, count), scores: scores.slice(0, count) };
}

/** A native sort step against a step of the walk (a typed-array read and compare). */
const SORT_STEP_COST = 3;

/** The category's positions in the ordering's order, made once per ordering. */
function categoryOrder(snapshot: Snapshot, ordering: Ordering, category: number): Int32Array {
  const known = ordering.byCategory.get(category);
  if (known) return known;
  const positions = ordering.positions.filter((position) => snapshot.categoryIndexes[position] === category);
  ordering.byCategory.set(category, positions);
  return positions;
}

/** A product's stock (its own or its variants') changed: the sets and blocks that read it follow. */
function productChanged(snapshot: Snapshot, position: number) {
  snapshot.facetBlocks?.productChanged(position);
  for (const blocks of snapshot.facetBlocksByNeedle.values()) blocks.productChanged(position);
  snapshot.filterBits.productChanged(position);
}

/** `positions` in price order: their ranks in it, sorted natively, mapped back. */
function inPriceOrder(positions: Int32Array, rankOf: Int32Array, byPrice: Int32Array): Int32Array {
  const ranks = Int32Array.from(positions, (position) => rankOf[position]!).sort();
  return ranks.map((rank) => byPrice[rank]!);
}

/** The place of `position` in `positions` (ascending in rank), or -1. */
function placeByRank(positions: Int32Array, rankOf: Int32Array, position: number): number {
  const rank = rankOf[position]!;
  const place = firstNotBefore(positions.length, (index) => rankOf[positions[index]!]! < rank);
  return positions[place] === position ? place : -1;
}

function groupByProduct(variants: readonly VariantFacts[]): Map<string, VariantFacts[]> {
  const byProduct = new Map<string, VariantFacts[]>();
  for (const variant of variants) {
    const group = byProduct.get(variant.productId);
    if (group) group.push(variant);
    else byProduct.set(variant.productId, [variant]);
  }
  return byProduct;
}

/** Positions fit below this (2^20 = 1,048,576 products); a sort key is `rank × this + position`. */
const POSITION_SPACE = 2 ** 20;

/**
 * Each order's rank of a position (lower first), before the tie-break on position (newest first,
 * then id). Ratings compare as exact fractions: the distinct (sum, count) pairs are ranked once.
 */
const RANK_OF: Record<
  Exclude<ProductSort, "newest">,
  (snapshot: Snapshot) => (position: number) => number
> = {
  "price-asc": (snapshot) => (position) => snapshot.priceCents[position]!,
  "price-desc": (snapshot) => (position) => 2 ** 31 - snapshot.priceCents[position]!,
  "best-selling": (snapshot) => (position) => 2 ** 31 - snapshot.unitsSold[position]!,
  saving: (snapshot) => (position) => 100 - snapshot.savingPercent[position]!,
  rating: (snapshot) => {
    const pairs = new Map<number, { sum: number; count: number }>();
    const pairKey = (position: number) =>
      snapshot.ratingSum[position]! * POSITION_SPACE + snapshot.ratingCount[position]!;
    for (let position = 0; position < snapshot.ids.length; position += 1) {
      pairs.set(pairKey(position), {
        sum: snapshot.ratingSum[position]!,
        count: snapshot.ratingCount[position]!,
      });
    }
    const average = ({ sum, count }: { sum: number; count: number }) => (count === 0 ? 0 : sum / count);
    // Best average first, then more reviews.
    const ranked = [...pairs].sort(([, a], [, b]) => average(b) - average(a) || b.count - a.count);
    const rankByPair = new Map(ranked.map(([key], rank) => [key, rank]));
    return (position) => rankByPair.get(pairKey(position))!;
  },
};

/**
 * The positions in `sort`'s order, made once per snapshot (and again after ratings change): one
 * native sort of numbers (`rank × 2^20 + position`), a few milliseconds for 100,000 products
 * where a comparison function takes ten times as long.
 */
function orderingOf(snapshot: Snapshot, sort: Exclude<ProductSort, "newest">): Ordering {
  const known = snapshot.orderings.get(sort);
  if (known) return known;
  const size = snapshot.ids.length;
  if (size > POSITION_SPACE)
    throw new Error(`The catalogue index orders at most ${POSITION_SPACE} products.`);
  const rankOfPosition = RANK_OF[sort](snapshot);
  const keys = new Float64Array(size);
  for (let position = 0; position < size; position += 1) {
    keys[position] = rankOfPosition(position) * POSITION_SPACE + position;
  }
  keys.sort();
  const positions = new Int32Array(size);
  const rankOf = new Int32Array(size);
  for (let rank = 0; rank < size; rank += 1) {
    const position = keys[rank]! % POSITION_SPACE;
    positions[rank] = position;
    rankOf[position] = rank;
  }
  const ordering = { positions, rankOf, byCategory: new Map<number, Int32Array>() };
  snapshot.orderings.set(sort, ordering);
  return ordering;
}

/** Positions grouped by a key as they come (ascending), then each group as a typed array. */
class PositionGroups<Key> {
  private readonly groups = new Map<Key, number[]>();

  add(key: Key, position: number) {
    const positions = this.groups.get(key);
    if (positions) positions.push(position);
    else this.groups.set(key, [position]);
  }

  frozen(): Map<Key, Int32Array> {
    return new Map([...this.groups].map(([key, positions]) => [key, Int32Array.from(positions)]));
  }
}
