import { wordForm, wordsOf } from "./text";

/**
 * A term as search compares it: its folded words joined ("T-Shirt" and "t shirt" → "tshirt"),
 * which is also how the word index keeps two neighbouring words of a name.
 */
export const termKey = (term: string) => wordsOf(term).join("");

/**
 * The owner's groups of terms that mean the same (tee, t-shirt; sneaker, trainer), looked up by
 * any term of a group or its singular: a search word finds the other terms of every group it is in.
 */
export class Synonyms {
  private readonly othersByKey = new Map<string, Set<string>>();

  constructor(groups: readonly (readonly string[])[] = []) {
    for (const group of groups) {
      const keys = [...new Set(group.map(termKey).filter(Boolean))];
      for (const key of keys) {
        for (const lookup of new Set([key, wordForm(key)])) {
          const others = this.othersByKey.get(lookup) ?? new Set<string>();
          for (const other of keys) if (other !== key) others.add(other);
          this.othersByKey.set(lookup, others);
        }
      }
    }
  }

  /** The other terms (as termKey gives them) of the groups holding `word` or its singular. */
  of(word: string): string[] {
    const found = new Set<string>();
    for (const lookup of new Set([word, wordForm(word)])) {
      for (const other of this.othersByKey.get(lookup) ?? []) if (other !== word) found.add(other);
    }
    return [...found];
  }
}
