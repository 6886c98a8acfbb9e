import type { Synonyms } from "./synonyms";
import { editDistance, fold, isAlphabetic, typosAllowed, wordForm, wordsOf } from "./text";

/**
 * The ranges [start, end) of `name` that the query's words matched: a whole word for an exact
 * word, a form, a synonym or a typo, the typed part for a prefix (the last word). Offsets are the
 * name's own, for the shopper's screen.
 */
export function highlightsOf(name: string, query: string, synonyms: Synonyms): [number, number][] {
  const tokens = wordsOf(query);
  const ranges: [number, number][] = [];
  for (const found of name.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = found.index;
    const word = fold(found[0]);
    let end = start;
    tokens.forEach((token, index) => {
      const isLast = index === tokens.length - 1;
      const typos = typosAllowed(token.length);
      if (
        word === token ||
        (isAlphabetic(word) && wordForm(word) === wordForm(token)) ||
        synonyms.of(token).includes(word) ||
        (typos > 0 && isAlphabetic(word) && editDistance(token, word, typos) <= typos)
      ) {
        end = start + found[0].length;
      } else if (isLast && word.startsWith(token)) {
        end = Math.max(end, start + Math.min(token.length, found[0].length));
      }
    });
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}
