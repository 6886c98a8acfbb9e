import type { Synonyms } from "./synonyms";
import { editDistance, fold, isAlphabetic, typosAllowed, wordForm, wordsOf } from "./text";

/** A query's word with what every name word is compared with, worked out once per query. */
interface QueryWord {
  token: string;
  form: string;
  synonyms: readonly string[];
  typos: number;
  isLast: boolean;
}

function queryWordsOf(query: string, synonyms: Synonyms): QueryWord[] {
  const tokens = wordsOf(query);
  return tokens.map((token, index) => ({
    token,
    form: wordForm(token),
    synonyms: synonyms.of(token),
    typos: typosAllowed(token.length),
    isLast: index === tokens.length - 1,
  }));
}

/** How a query's word meets a name's (folded) word: all of it, the typed prefix (last word only), or not. */
function meeting(query: QueryWord, word: string): "word" | "prefix" | null {
  const { token, typos } = query;
  const alphabetic = isAlphabetic(word);
  if (
    word === token ||
    (alphabetic && wordForm(word) === query.form) ||
    query.synonyms.includes(word) ||
    (typos > 0 && alphabetic && editDistance(token, word, typos) <= typos)
  ) {
    return "word";
  }
  return query.isLast && word.startsWith(token) ? "prefix" : null;
}

/**
 * What a query's words meet in names, worked out once per query: `highlights(name)`, the ranges
 * [start, end) of the name that the words matched (a whole word for an exact word, a form, a
 * synonym or a typo; the typed part for a prefix, the last word), in the name's own offsets for
 * the shopper's screen; and `matchesEveryWord(name)`, whether every word of the query meets a
 * word of the name, in any order (a collection's title).
 */
export function queryMatcher(query: string, synonyms: Synonyms) {
  const queryWords = queryWordsOf(query, synonyms);
  return {
    highlights: (name: string) => highlightsFor(name, queryWords),
    matchesEveryWord: (name: string) => {
      const words = [...name.matchAll(/[\p{L}\p{N}]+/gu)].map((found) => fold(found[0]));
      return (
        queryWords.length > 0 &&
        queryWords.every((queryWord) => words.some((word) => meeting(queryWord, word) !== null))
      );
    },
  };
}

function highlightsFor(name: string, words: readonly QueryWord[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const found of name.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = found.index;
    const word = fold(found[0]);
    let end = start;
    for (const query of words) {
      const met = meeting(query, word);
      if (met === "word") end = start + found[0].length;
      else if (met === "prefix") end = Math.max(end, start + Math.min(query.token.length, found[0].length));
    }
    if (end > start) ranges.push([start, end]);
  }
  return ranges;
}
