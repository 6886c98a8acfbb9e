import type { Synonyms } from "./synonyms";
import { DistanceRows, editDistance, isAlphabetic, typosAllowed, wordForm, wordsOf } from "./text";

/**
 * How well a product matched one query word; lower is better, and a product's score is the sum
 * over the query's words (see decision 035). The order is the issue's: an exact word of the name,
 * then a word form, joined word or synonym, then a prefix, then a typo, then the description.
 * SUBSTRING is the search of old (the query inside a name, as ILIKE finds it), kept last so
 * "100%" or "oot 14" still find what they did.
 */
export const MATCH = {
  exact: 0,
  form: 1,
  prefix: 2,
  typo: 3,
  twoTypos: 4,
  description: 5,
  substring: 6,
} as const;

/** Words of a description left out: they match nearly everything and mean nothing. */
const STOP_WORDS = new Set([
  "and",
  "the",
  "for",
  "with",
  "you",
  "your",
  "its",
  "that",
  "this",
  "from",
  "are",
]);
const MIN_DESCRIPTION_WORD = 3;
/** A query's words past this many are ignored (the API takes 100 characters). */
const MAX_QUERY_WORDS = 8;
/** Query words whose matching vocabulary words are remembered (their typo scan is the costly part). */
const REMEMBERED_WORDS = 2_000;

/** The products (positions, ascending) that match a query, each with its score. */
export interface WordMatches {
  positions: Int32Array;
  scores: Uint8Array;
  /**
   * All of them best match first, made by the catalogue index when first asked (a search without
   * filters pages through it instead of sorting thousands of matches per page). Its in-stock tie
   * break is the stock when it was made: at most the snapshot's age (a minute) behind.
   */
  ranked?: Int32Array;
  /**
   * The first FIRST_PAGES of them best match first, and the stock changes they were ranked at:
   * the first pages (suggestions, a search's first page) rank again only after stock changed.
   */
  firstRanked?: { positions: Int32Array; stockVersion: number };
}

/** One vocabulary word's products and the score they get for one query word. */
interface Alternative {
  positions: Int32Array;
  kind: number;
}

/** Positions per word id, all in one array (a typed array per word would cost ~100 bytes each). */
class Postings {
  constructor(
    private readonly starts: Int32Array,
    private readonly positions: Int32Array,
  ) {}

  static of(words: readonly string[], byWord: ReadonlyMap<string, number[]>): Postings {
    const starts = new Int32Array(words.length + 1);
    let total = 0;
    for (let id = 0; id < words.length; id += 1) {
      starts[id] = total;
      total += byWord.get(words[id]!)?.length ?? 0;
    }
    starts[words.length] = total;
    const positions = new Int32Array(total);
    for (let id = 0; id < words.length; id += 1) {
      const list = byWord.get(words[id]!);
      if (list) positions.set(list, starts[id]!);
    }
    return new Postings(starts, positions);
  }

  of(id: number): Int32Array {
    return this.positions.subarray(this.starts[id]!, this.starts[id + 1]!);
  }

  get size() {
    return this.positions.length;
  }
}

/** Collects the words of every product's name and description while the catalogue index builds. */
export class WordIndexBuilder {
  private readonly nameWords = new Map<string, number[]>();
  private readonly joinedWords = new Map<string, number[]>();
  private readonly descriptionWords = new Map<string, number[]>();

  /** Positions must come in ascending order. */
  add(position: number, name: string, description: string) {
    const words = wordsOf(name);
    for (const word of words) addPosition(this.nameWords, word, position);
    // Two neighbouring words joined, so "tshirt" finds "T-Shirt" and "crewneck" "Crew Neck".
    for (let index = 0; index + 1 < words.length; index += 1) {
      const [first, second] = [words[index]!, words[index + 1]!];
      if (isAlphabetic(first) && isAlphabetic(second))
        addPosition(this.joinedWords, first + second, position);
    }
    for (const word of wordsOf(description)) {
      if (word.length >= MIN_DESCRIPTION_WORD && !STOP_WORDS.has(word)) {
        addPosition(this.descriptionWords, word, position);
      }
    }
  }

  build(productCount: number): WordIndex {
    const words = [
      ...new Set([...this.nameWords.keys(), ...this.joinedWords.keys(), ...this.descriptionWords.keys()]),
    ].sort();
    const byForm = new Map<string, number[]>();
    const byLength: number[][] = [];
    for (let id = 0; id < words.length; id += 1) {
      const word = words[id]!;
      if (!isAlphabetic(word)) continue;
      const form = wordForm(word);
      const sameForm = byForm.get(form);
      if (sameForm) sameForm.push(id);
      else byForm.set(form, [id]);
      (byLength[word.length] ??= []).push(id);
    }
    return new WordIndex(
      words,
      Postings.of(words, this.nameWords),
      Postings.of(words, this.joinedWords),
      Postings.of(words, this.descriptionWords),
      new Map([...byForm].map(([form, ids]) => [form, Int32Array.from(ids)])),
      Array.from(byLength, (ids) => Int32Array.from(ids ?? [])),
      productCount,
    );
  }
}

function addPosition(map: Map<string, number[]>, word: string, position: number) {
  const positions = map.get(word);
  if (!positions) map.set(word, [position]);
  else if (positions.at(-1) !== position) positions.push(position);
}

/**
 * The vocabulary of the catalogue (every distinct word of names and descriptions, sorted) and
 * the products holding each word. A query word is looked up as itself, its word forms, its
 * synonyms, as a prefix (the last word only, as the shopper is still typing) and with typos
 * (the vocabulary's alphabetic words of a near length, with a bounded edit distance); the
 * products holding all the query's words, in any order, match.
 */
export class WordIndex {
  private readonly rows = new DistanceRows();
  /** Per product: the query step it last passed (see matchTokens); generations never repeat. */
  private readonly stamps: Int32Array;
  private readonly scores: Uint8Array;
  /** The products the last matchTokens run passed, in the order it met them (reused). */
  private readonly found: Int32Array;
  /** One bit per product, for collect (reused). */
  private readonly bits: Uint32Array;
  private generation = 0;
  private readonly alternativesByWord = new Map<string, Alternative[]>();

  constructor(
    readonly words: readonly string[],
    private readonly namePostings: Postings,
    private readonly joinedPostings: Postings,
    private readonly descriptionPostings: Postings,
    private readonly idsByForm: ReadonlyMap<string, Int32Array>,
    private readonly idsByLength: readonly Int32Array[],
    productCount: number,
  ) {
    this.stamps = new Int32Array(productCount);
    this.scores = new Uint8Array(productCount);
    this.found = new Int32Array(productCount);
    this.bits = new Uint32Array((productCount >>> 5) + 1);
  }

  /** How many positions the postings hold (for the memory figures). */
  get postingsSize() {
    return this.namePostings.size + this.joinedPostings.size + this.descriptionPostings.size;
  }

  /** Drops the remembered alternatives (measurements of uncached searches). */
  forget() {
    this.alternativesByWord.clear();
  }

  /** The id of `word`, or -1. */
  idOf(word: string): number {
    const at = this.firstNotBelow(word);
    return this.words[at] === word ? at : -1;
  }

  /** How many products hold `word` in their name (joined words included). */
  nameCount(id: number) {
    return this.namePostings.of(id).length + this.joinedPostings.of(id).length;
  }

  private firstNotBelow(word: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The word of the names closest to `token` (fewest edits, then most products), for "did you
   * mean"; `token` itself when names hold it, undefined when nothing is near enough.
   */
  closestWord(token: string): string | undefined {
    const own = this.idOf(token);
    if (own !== -1 && this.nameCount(own) > 0) return token;
    const limit = correctionLimit(token.length);
    if (limit === 0 || !isAlphabetic(token)) return undefined;
    let best: { id: number; distance: number; count: number } | undefined;
    for (let length = token.length - limit; length <= token.length + limit; length += 1) {
      for (const id of this.idsByLength[length] ?? []) {
        const count = this.nameCount(id);
        if (count === 0) continue;
        const distance = editDistance(token, this.words[id]!, limit, this.rows);
        if (distance > limit) continue;
        if (!best || distance < best.distance || (distance === best.distance && count > best.count)) {
          best = { id, distance, count };
        }
      }
    }
    return best && this.words[best.id];
  }

  /** The products matching every word of `query` (none when it has no words). */
  match(query: string, synonyms: Synonyms): WordMatches {
    const tokens = wordsOf(query).slice(0, MAX_QUERY_WORDS);
    if (tokens.length === 0) return { positions: new Int32Array(0), scores: new Uint8Array(0) };
    const variants = [tokens];
    // Two query words that the catalogue writes as one ("smart watch" → "smartwatch").
    for (let index = 0; index + 1 < tokens.length; index += 1) {
      const joined = tokens[index]! + tokens[index + 1]!;
      const isLast = index + 2 === tokens.length;
      if (
        this.idOf(joined) !== -1 ||
        (isLast && this.words[this.firstNotBelow(joined)]?.startsWith(joined))
      ) {
        variants.push([...tokens.slice(0, index), joined, ...tokens.slice(index + 2)]);
      }
    }
    if (variants.length === 1) {
      const last = tokens.length - 1;
      const alternatives = tokens.map((token, index) => this.alternativesOf(token, index === last, synonyms));
      return this.collect(this.matchTokens(alternatives));
    }
    // Several spellings of the query: a product keeps the best score any of them gives it.
    const best = new Map<number, number>();
    for (const variant of variants) {
      const last = variant.length - 1;
      const alternatives = variant.map((token, index) =>
        this.alternativesOf(token, index === last, synonyms),
      );
      const { positions, scores } = this.collect(this.matchTokens(alternatives));
      for (let index = 0; index < positions.length; index += 1) {
        const known = best.get(positions[index]!);
        if (known === undefined || scores[index]! < known) best.set(positions[index]!, scores[index]!);
      }
    }
    const positions = Int32Array.from(best.keys()).sort();
    const scores = Uint8Array.from(positions, (position) => best.get(position)!);
    return { positions, scores };
  }

  /**
   * The products a matchTokens run passed, ascending, with their scores: many are set in a bit
   * set that is then read a word (32 products) at a time, as sorting thousands of positions or
   * reading every product's stamp cost several hundred µs per query; few are sorted natively.
   */
  private collect({ found, count }: { found: Int32Array; count: number }): WordMatches {
    const positions = new Int32Array(count);
    if (count > 256) {
      const { bits } = this;
      bits.fill(0);
      for (let index = 0; index < count; index += 1) {
        const position = found[index]!;
        bits[position >>> 5]! |= 1 << (position & 31);
      }
      let at = 0;
      for (let word = 0; word < bits.length; word += 1) {
        let set = bits[word]!;
        while (set !== 0) {
          const lowest = set & -set;
          positions[at++] = (word << 5) + 31 - Math.clz32(lowest);
          set ^= lowest;
        }
      }
    } else {
      positions.set(found.subarray(0, count));
      positions.sort();
    }
    const scores = new Uint8Array(count);
    for (let index = 0; index < count; index += 1) scores[index] = this.scores[positions[index]!]!;
    return { positions, scores };
  }

  /**
   * Stamps every product that passes one alternative of each word, with the sum of the best
   * kinds in `scores`, and lists them in `found`. Each word's alternatives come best first, so the first that reaches a product
   * is its best; a product's stamp says how many words it has passed in this run.
   */
  private matchTokens(alternatives: Alternative[][]): { found: Int32Array; count: number } {
    const { stamps, scores, found } = this;
    if (this.generation > 2 ** 30) {
      stamps.fill(0);
      this.generation = 0;
    }
    const base = this.generation;
    this.generation += alternatives.length + 1;
    // The rarest word first: later words only touch what passed it.
    const ordered = [...alternatives].sort((a, b) => postingsOf(a) - postingsOf(b));
    let count = 0;
    for (let step = 0; step < ordered.length; step += 1) {
      const passed = base + step;
      const next = passed + 1;
      const isLast = step === ordered.length - 1;
      for (const { positions, kind } of ordered[step]!) {
        for (let index = 0; index < positions.length; index += 1) {
          const position = positions[index]!;
          const stamp = stamps[position]!;
          if (step === 0 ? stamp >= next : stamp !== passed) continue;
          stamps[position] = next;
          scores[position] = (step === 0 ? 0 : scores[position]!) + kind;
          if (isLast) found[count++] = position;
        }
      }
    }
    return { found, count };
  }

  /** The vocabulary words a query word matches, as alternatives best first (remembered). */
  private alternativesOf(token: string, isLast: boolean, synonyms: Synonyms): Alternative[] {
    const key = `${isLast ? ">" : "="}${token}`;
    const known = this.alternativesByWord.get(key);
    if (known) return known;
    const kinds = this.vocabularyMatches(token, isLast, synonyms);
    const alternatives: Alternative[] = [];
    for (const [id, kind] of kinds) {
      const name = this.namePostings.of(id);
      if (name.length) alternatives.push({ positions: name, kind });
      const joined = this.joinedPostings.of(id);
      if (joined.length) alternatives.push({ positions: joined, kind: Math.max(kind, MATCH.form) });
      const description = this.descriptionPostings.of(id);
      if (description.length && kind <= MATCH.form) {
        alternatives.push({ positions: description, kind: MATCH.description });
      }
    }
    alternatives.sort((a, b) => a.kind - b.kind);
    if (this.alternativesByWord.size >= REMEMBERED_WORDS) {
      this.alternativesByWord.delete(this.alternativesByWord.keys().next().value!);
    }
    this.alternativesByWord.set(key, alternatives);
    return alternatives;
  }

  /** Vocabulary word id → the best kind by which `token` matches it. */
  vocabularyMatches(token: string, isLast: boolean, synonyms: Synonyms): Map<number, number> {
    const kinds = new Map<number, number>();
    const add = (id: number, kind: number) => {
      const known = kinds.get(id);
      if (id !== -1 && (known === undefined || kind < known)) kinds.set(id, kind);
    };
    add(this.idOf(token), MATCH.exact);
    for (const id of this.idsByForm.get(wordForm(token)) ?? []) add(id, MATCH.form);
    for (const synonym of synonyms.of(token)) {
      add(this.idOf(synonym), MATCH.form);
      for (const id of this.idsByForm.get(wordForm(synonym)) ?? []) add(id, MATCH.form);
    }
    if (isLast) {
      for (let id = this.firstNotBelow(token); this.words[id]?.startsWith(token); id += 1)
        add(id, MATCH.prefix);
    }
    // Typos only for a word the names do not hold as typed (nor as a form, synonym or prefix), as
    // Typesense's typo_tokens_threshold does: "sneaker" must not bring the speakers along.
    const inNames = [...kinds.keys()].some((id) => this.nameCount(id) > 0);
    const typos = inNames ? 0 : typosAllowed(token.length);
    if (typos > 0 && isAlphabetic(token)) {
      const { rows } = this;
      for (let length = token.length - typos; length <= token.length + typos; length += 1) {
        for (const id of this.idsByLength[length] ?? []) {
          const distance = editDistance(token, this.words[id]!, typos, rows);
          if (distance > 0 && distance <= typos) add(id, MATCH.prefix + distance);
        }
      }
      // The last word may be the start of a longer word typed with a typo ("sneakr" → sneakers).
      if (isLast) {
        for (let length = token.length + typos + 1; length < this.idsByLength.length; length += 1) {
          for (const id of this.idsByLength[length] ?? []) {
            const start = this.words[id]!.slice(0, token.length);
            const distance = editDistance(token, start, typos, rows);
            if (distance > 0 && distance <= typos) add(id, MATCH.prefix + distance);
          }
        }
      }
    }
    return kinds;
  }
}

/** How far a word may be from the one "did you mean" offers: none for 1–2 letters, 1 for 3–4, 2 from 5. */
const correctionLimit = (length: number) => (length <= 2 ? 0 : length <= 4 ? 1 : 2);

const postingsOf = (alternatives: readonly Alternative[]) =>
  alternatives.reduce((total, alternative) => total + alternative.positions.length, 0);
