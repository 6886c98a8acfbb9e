/**
 * How search reads text: accents and case folded ("Café" → "cafe"), split into words of letters
 * and digits, plurals folded to one form, and the edit distance that decides a typo.
 */

/** Lower case without accents: NFKD splits "é" into "e" and a combining mark, which goes. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The folded words of a text, in order ("Crew T-Shirt" → crew, t, shirt). */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export const isAlphabetic = (word: string) => /^\p{L}+$/u.test(word);

/**
 * One form for a word and its plural (sneakers → sneaker, watches → watch, dresses → dress,
 * accessories → accessory). English only, and only the regular endings: an irregular plural
 * (feet) is left to the synonyms. Short words are left alone ("bus" is not a plural of "bu").
 */
export function wordForm(word: string): string {
  if (word.length < 4 || !isAlphabetic(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Typos forgiven for a word of this length, as Meilisearch does by default: 1 from 5 letters, 2 from 9. */
export const typosAllowed = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/**
 * The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
 * substitutions and swaps of two neighbours each count one), or `limit + 1` as soon as it must
 * exceed `limit`: rows stop once every cell passes it.
 */
export function editDistance(a: string, b: string, limit: number, rows = new DistanceRows()): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const width = b.length + 1;
  let [beforeLast, last, current] = rows.take(width);
  for (let column = 0; column < width; column += 1) last[column] = column;
  for (let row = 1; row <= a.length; row += 1) {
    current[0] = row;
    let smallest = row;
    for (let column = 1; column < width; column += 1) {
      const cost = a.charCodeAt(row - 1) === b.charCodeAt(column - 1) ? 0 : 1;
      let value = Math.min(last[column]! + 1, current[column - 1]! + 1, last[column - 1]! + cost);
      if (
        row > 1 &&
        column > 1 &&
        a.charCodeAt(row - 1) === b.charCodeAt(column - 2) &&
        a.charCodeAt(row - 2) === b.charCodeAt(column - 1)
      ) {
        value = Math.min(value, beforeLast[column - 2]! + 1);
      }
      current[column] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return limit + 1;
    [beforeLast, last, current] = [last, current, beforeLast];
  }
  return Math.min(last[b.length]!, limit + 1);
}

/** Three reusable rows for editDistance, so comparing a word with a vocabulary allocates nothing. */
export class DistanceRows {
  private rows: [Int32Array, Int32Array, Int32Array] = [
    new Int32Array(32),
    new Int32Array(32),
    new Int32Array(32),
  ];

  take(width: number): [Int32Array, Int32Array, Int32Array] {
    if (this.rows[0].length < width) {
      this.rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
    }
    return this.rows;
  }
}
