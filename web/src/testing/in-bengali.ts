import { afterAll, beforeAll } from "vitest";

import { loadAreaMessages, loadMessages, type CatalogueLoaders } from "@/lib/i18n";

/**
 * Renders the calling suite in Bengali: the shell's catalogue and each area's (a feature's or the
 * components', as its messages.ts loads them) in bn before its tests, English again after, so a
 * key missing from a bn.json shows as the key itself.
 */
export function inBengaliForThisSuite(...areas: CatalogueLoaders[]): void {
  const loadAll = async (language: "en" | "bn") => {
    await loadMessages(language);
    for (const area of areas) await loadAreaMessages(area);
  };
  beforeAll(() => loadAll("bn"));
  afterAll(() => loadAll("en"));
}
