import type { Category } from "@shop/contract/catalog";
import { asc, desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import type { CatalogueChange } from "../cache/catalogue-cache";

/** Names indexed per turn of the event loop while building, so requests keep flowing. */
const BUILD_CHUNK = 5_000;
/**
 * A safety net like the response cache's: a write that announced no change (a script working on
 * the database directly) shows within this time. An older snapshot is still served while its
 * replacement builds, so lists never wait for a build.
 */
const MAX_AGE_MS = 60_000;
/** How many matched positions recent searches may keep in memory (4 bytes each). */
const MAX_REMEMBERED_POSITIONS = 2_000_000;
/** After a failed build (the database away), lists wait this long before starting another. */
const RETRY_DELAY_MS = 1_000;

interface Snapshot {
  /** Product ids in list order (newest first, then by id): a position is a rank. */
  ids: string[];
  lowerNames: string[];
  categories: Category[];
  /** Every three-character piece of a lower-case name → the positions of the names holding it. */
  positionsByTrigram: Map<string, Int32Array>;
  /** 0, 1, 2, …: the candidates for a query too short to have a trigram. */
  everyPosition: Int32Array;
  positionsByCategory: Map<Category, Int32Array>;
  /** When the build that made it started: it shows the catalogue as it was then or later. */
  builtAt: number;
  /** Recent needles → the positions of the names holding them (see matchesOf). */
  matchesByNeedle: Map<string, Int32Array>;
  rememberedPositions: number;
}

export interface IndexPage {
  /** The ids of the requested page, in list order. */
  ids: string[];
  total: number;
}

const lower = (text: string) => text.toLowerCase();

function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (let start = 0; start + 3 <= text.length; start += 1) trigrams.add(text.slice(start, start + 3));
  return trigrams;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The catalogue's list order, categories and names in memory, for product lists and search. A
 * substring search that matches a large share of 100,000 products costs PostgreSQL 20–35 ms
 * (trigram bitmap scan, recheck, count), and an uncached list of them all pays 70–100 ms for its
 * total; here either costs well under a millisecond, and the database only loads the page's rows
 * by id. Positions are ranks in list order, and a search's candidates are the positions under
 * its rarest trigram, so the page and the total come out of one pass.
 *
 * Any catalogue change but stock drops the snapshot (a change is published after its commit, so
 * a snapshot that survives a change never predates it); the next list rebuilds it in the
 * background and meanwhile goes to the database. Matching is JavaScript's toLowerCase +
 * includes, which agrees with ILIKE on the text shop names are made of.
 */
export class CatalogueIndex {
  private snapshot: Snapshot | undefined;
  private building: Promise<void> | undefined;
  /** Bumped by every change that can alter names, so a build that overlaps one is thrown away. */
  private generation = 0;
  private nextBuildAllowedAt = 0;

  private readonly onBuildError: (error: unknown) => void;
  private readonly now: () => number;
  private readonly maxRememberedPositions: number;

  constructor(
    private readonly db: Db,
    options: {
      onBuildError?: (error: unknown) => void;
      now?: () => number;
      maxRememberedPositions?: number;
    } = {},
  ) {
    this.onBuildError = options.onBuildError ?? (() => {});
    this.now = options.now ?? Date.now;
    this.maxRememberedPositions = options.maxRememberedPositions ?? MAX_REMEMBERED_POSITIONS;
  }

  invalidate(change: CatalogueChange = "everything") {
    // Stock changes leave names, categories and order alone.
    if (change !== "everything") return;
    this.generation += 1;
    this.snapshot = undefined;
  }

  get isReady() {
    return this.snapshot !== undefined;
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

  /** Resolves when a fresh snapshot is ready (or its build failed); starts a build if none runs. */
  warm(): Promise<void> {
    if (this.snapshot && !this.isExpired(this.snapshot)) return Promise.resolve();
    this.building ??= this.build().finally(() => {
      this.building = undefined;
    });
    return this.building;
  }

  private isExpired(snapshot: Snapshot) {
    return this.now() - snapshot.builtAt > MAX_AGE_MS;
  }

  /**
   * The page of products whose name holds `query` (case-insensitively; every product when it is
   * empty), or undefined while no snapshot is ready: the caller asks the database then.
   */
  search(query: string, filter: { category?: Category | undefined; limit: number; offset: number }) {
    const snapshot = this.snapshot;
    if ((!snapshot || this.isExpired(snapshot)) && this.now() >= this.nextBuildAllowedAt) void this.warm();
    if (!snapshot) return undefined;
    const needle = lower(query);
    if (!needle && filter.category) {
      const positions = snapshot.positionsByCategory.get(filter.category) ?? new Int32Array(0);
      return pageOf(snapshot, positions, filter);
    }
    const matches = needle ? this.matchesOf(snapshot, needle) : snapshot.everyPosition;
    if (!filter.category) return pageOf(snapshot, matches, filter);
    const ids: string[] = [];
    let total = 0;
    const pageEnd = filter.offset + filter.limit;
    for (const position of matches) {
      if (snapshot.categories[position] !== filter.category) continue;
      if (total >= filter.offset && total < pageEnd) ids.push(snapshot.ids[position]!);
      total += 1;
    }
    return { ids, total } satisfies IndexPage;
  }

  /**
   * The positions of the names holding `needle`, ascending. Remembered for recent needles: shoppers
   * repeat searches and page through them, and a common word costs a pass over thousands of names.
   */
  private matchesOf(snapshot: Snapshot, needle: string): Int32Array {
    const remembered = snapshot.matchesByNeedle.get(needle);
    if (remembered) {
      // Most recently used last, so eviction takes the oldest first.
      snapshot.matchesByNeedle.delete(needle);
      snapshot.matchesByNeedle.set(needle, remembered);
      return remembered;
    }
    const candidates = this.candidatesFor(snapshot, needle);
    // A three-character query is its own only trigram: its candidates all match.
    const matches =
      needle.length === 3
        ? candidates
        : candidates.filter((position) => snapshot.lowerNames[position]!.includes(needle));
    snapshot.matchesByNeedle.set(needle, matches);
    snapshot.rememberedPositions += matches.length;
    for (const [oldest, positions] of snapshot.matchesByNeedle) {
      if (snapshot.rememberedPositions <= this.maxRememberedPositions) break;
      snapshot.matchesByNeedle.delete(oldest);
      snapshot.rememberedPositions -= positions.length;
    }
    return matches;
  }

  /** Positions that may match, ascending: under the rarest trigram, or all for a short query. */
  private candidatesFor(snapshot: Snapshot, needle: string): Int32Array {
    if (needle.length < 3) return snapshot.everyPosition;
    let rarest: Int32Array | undefined;
    for (const trigram of trigramsOf(needle)) {
      const positions = snapshot.positionsByTrigram.get(trigram);
      if (!positions) return new Int32Array(0);
      if (!rarest || positions.length < rarest.length) rarest = positions;
    }
    return rarest ?? new Int32Array(0);
  }

  private async build() {
    const generation = this.generation;
    const builtAt = this.now();
    try {
      const rows = await this.db
        .select({ id: products.id, name: products.name, category: products.category })
        .from(products)
        .orderBy(desc(products.createdAt), asc(products.id));
      const lowerNames: string[] = [];
      const byTrigram = new PositionGroups<string>();
      const byCategory = new PositionGroups<Category>();
      for (let position = 0; position < rows.length; position += 1) {
        if (position % BUILD_CHUNK === 0 && position > 0) {
          await yieldToEventLoop();
          if (generation !== this.generation) return;
        }
        const row = rows[position]!;
        const name = lower(row.name);
        lowerNames.push(name);
        for (const trigram of trigramsOf(name)) byTrigram.add(trigram, position);
        byCategory.add(row.category, position);
      }
      if (generation !== this.generation) return;
      this.snapshot = {
        ids: rows.map((row) => row.id),
        lowerNames,
        categories: rows.map((row) => row.category),
        positionsByTrigram: byTrigram.frozen(),
        everyPosition: Int32Array.from(rows.keys()),
        positionsByCategory: byCategory.frozen(),
        builtAt,
        matchesByNeedle: new Map(),
        rememberedPositions: 0,
      };
    } catch (error) {
      // Lists keep going to the database; one a second later tries again.
      this.nextBuildAllowedAt = this.now() + RETRY_DELAY_MS;
      this.onBuildError(error);
    }
  }
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

function pageOf(snapshot: Snapshot, positions: Int32Array, page: { limit: number; offset: number }) {
  const ids = Array.from(
    positions.subarray(page.offset, page.offset + page.limit),
    (position) => snapshot.ids[position]!,
  );
  return { ids, total: positions.length } satisfies IndexPage;
}
