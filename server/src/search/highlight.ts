import type { Synonyms } from "./synonyms";
import { editDistance, fold, isAlphabetic, typosAllowed, wordForm, wordsOf } from "./text";

/** How a query's word meets a name's (folded) word: all of it, the typed prefix (last word only), or not. */
function meeting(token: string, word: string, isLast: boolean, synonyms: Synonyms): "word" | "prefix" | null {
  const typos = typosAllowed(token.length);
  if (
    word === token ||
    (isAlphabetic(word) && wordForm(word) === wordForm(token)) ||
    synonyms.of(token).includes(word) ||
    (typos > 0 && isAlphabetic(word) && editDistance(token, word, typos) <= typos)
  ) {
    return "word";
  }
  return isLast && word.startsWith(token) ? "prefix" : null;
}

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
      const met = meeting(token, word, index === tokens.length - 1, synonyms);
      if (met === "word") end = start + found[0].length;
      else if (met === "prefix") end = Math.max(end, start + Math.min(token.length, found[0].length));
    });
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}

/** Whether every word of the query meets a word of `name`, in any order (a collection's title). */
export function matchesEveryWord(name: string, query: string, synonyms: Synonyms): boolean {
  const tokens = wordsOf(query);
  const words = [...name.matchAll(/[\p{L}\p{N}]+/gu)].map((found) => fold(found[0]));
  return (
    tokens.length > 0 &&
    tokens.every((token, index) =>
      words.some((word) => meeting(token, word, index === tokens.length - 1, synonyms) !== null),
    )
  );
}
