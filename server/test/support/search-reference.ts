import { MATCH } from "../../src/search/word-index";
import type { Synonyms } from "../../src/search/synonyms";
import { editDistance, isAlphabetic, typosAllowed, wordForm, wordsOf } from "../../src/search/text";

/**
 * What search matches, written as plainly as possible: every product's words compared with every
 * query word, no vocabulary, postings or stamps. Tests compare the catalogue index with it.
 */
export interface ReferenceProduct {
  id: string;
  name: string;
  description: string;
}

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

interface ProductWords {
  name: string[];
  joined: string[];
  description: string[];
}

function productWordsOf(product: ReferenceProduct): ProductWords {
  const name = wordsOf(product.name);
  const joined: string[] = [];
  for (let index = 0; index + 1 < name.length; index += 1) {
    if (isAlphabetic(name[index]!) && isAlphabetic(name[index + 1]!))
      joined.push(name[index]! + name[index + 1]!);
  }
  const description = wordsOf(product.description).filter(
    (word) => word.length >= 3 && !STOP_WORDS.has(word),
  );
  return { name, joined, description };
}

/** The best kind by which `token` matches `word` without typos, or undefined. */
function kindWithoutTypos(
  token: string,
  word: string,
  isLast: boolean,
  synonyms: Synonyms,
): number | undefined {
  if (word === token) return MATCH.exact;
  if (isAlphabetic(word) && wordForm(word) === wordForm(token)) return MATCH.form;
  for (const synonym of synonyms.of(token)) {
    if (word === synonym || (isAlphabetic(word) && wordForm(word) === wordForm(synonym))) return MATCH.form;
  }
  if (isLast && word.startsWith(token)) return MATCH.prefix;
  return undefined;
}

function typoKind(token: string, word: string, isLast: boolean): number | undefined {
  const typos = typosAllowed(token.length);
  if (typos === 0 || !isAlphabetic(token) || !isAlphabetic(word)) return undefined;
  const compared =
    Math.abs(word.length - token.length) <= typos
      ? word
      : isLast && word.length > token.length + typos
        ? word.slice(0, token.length)
        : undefined;
  if (compared === undefined) return undefined;
  const distance = editDistance(token, compared, typos);
  return distance > 0 && distance <= typos ? MATCH.prefix + distance : undefined;
}

export class SearchReference {
  private readonly words: { product: ReferenceProduct; words: ProductWords }[];
  private readonly nameVocabulary: string[];

  constructor(
    products: readonly ReferenceProduct[],
    private readonly synonyms: Synonyms,
  ) {
    this.words = products.map((product) => ({ product, words: productWordsOf(product) }));
    this.nameVocabulary = [...new Set(this.words.flatMap(({ words }) => [...words.name, ...words.joined]))];
  }

  /** Product id → score, for every product matching `query`. */
  scores(query: string): Map<string, number> {
    const tokens = wordsOf(query).slice(0, 8);
    const variants = tokens.length ? [tokens] : [];
    const everyWord = new Set(
      this.words.flatMap(({ words }) => [...words.name, ...words.joined, ...words.description]),
    );
    for (let index = 0; index + 1 < tokens.length; index += 1) {
      const joined = tokens[index]! + tokens[index + 1]!;
      const isLast = index + 2 === tokens.length;
      if (everyWord.has(joined) || (isLast && [...everyWord].some((word) => word.startsWith(joined)))) {
        variants.push([...tokens.slice(0, index), joined, ...tokens.slice(index + 2)]);
      }
    }
    const result = new Map<string, number>();
    const needle = query.toLowerCase();
    const substringScore = MATCH.substring * Math.max(1, needle.split(/\s+/).length);
    for (const { product, words } of this.words) {
      let best: number | undefined;
      for (const variant of variants) {
        let sum = 0;
        for (const [index, token] of variant.entries()) {
          const kind = this.kindFor(token, index === variant.length - 1, words);
          if (kind === undefined) {
            sum = -1;
            break;
          }
          sum += kind;
        }
        if (sum >= 0 && (best === undefined || sum < best)) best = sum;
      }
      if (best === undefined && needle && product.name.toLowerCase().includes(needle)) best = substringScore;
      if (best !== undefined) result.set(product.id, best);
    }
    return result;
  }

  private readonly inNamesByToken = new Map<string, boolean>();

  /** Whether some name holds `token` as typed, as a form, synonym or prefix (then typos are not tried). */
  private inNames(token: string, isLast: boolean) {
    const key = `${isLast}${token}`;
    let known = this.inNamesByToken.get(key);
    if (known === undefined) {
      known = this.nameVocabulary.some(
        (word) => kindWithoutTypos(token, word, isLast, this.synonyms) !== undefined,
      );
      this.inNamesByToken.set(key, known);
    }
    return known;
  }

  private kindFor(token: string, isLast: boolean, words: ProductWords): number | undefined {
    const kinds: number[] = [];
    for (const word of words.name) {
      const kind = kindWithoutTypos(token, word, isLast, this.synonyms);
      if (kind !== undefined) kinds.push(kind);
    }
    for (const word of words.joined) {
      const kind = kindWithoutTypos(token, word, isLast, this.synonyms);
      if (kind !== undefined) kinds.push(Math.max(kind, MATCH.form));
    }
    for (const word of words.description) {
      const kind = kindWithoutTypos(token, word, false, this.synonyms);
      if (kind !== undefined && kind <= MATCH.form) kinds.push(MATCH.description);
    }
    if (!this.inNames(token, isLast)) {
      for (const word of words.name) {
        const kind = typoKind(token, word, isLast);
        if (kind !== undefined) kinds.push(kind);
      }
      for (const word of words.joined) {
        const kind = typoKind(token, word, isLast);
        if (kind !== undefined) kinds.push(kind);
      }
    }
    return kinds.length ? Math.min(...kinds) : undefined;
  }
}
