import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Language } from "@shop/contract/languages";

/** One record of Vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The page module the web app's router loads for a path a visit often starts on
 * (web/src/app/router.tsx; a test keeps the two in step). Other paths get the shell's messages only.
 */
export const PAGE_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, "src/features/home/pages/home-page.tsx"],
  [/^\/products$/, "src/features/catalogue/pages/products-page.tsx"],
  [/^\/women$/, "src/features/catalogue/pages/women-page.tsx"],
  [/^\/man$/, "src/features/catalogue/pages/man-page.tsx"],
  [/^\/shoes$/, "src/features/catalogue/pages/shoes-page.tsx"],
  [/^\/gadget$/, "src/features/catalogue/pages/gadget-page.tsx"],
  [/^\/collections\/[^/]+$/, "src/features/catalogue/pages/collection-page.tsx"],
  [/^\/aboutproduct\/[^/]+$/, "src/app/routes/product-route.tsx"],
  [/^\/blog$/, "src/features/blog/pages/blog-page.tsx"],
  [/^\/login$/, "src/features/auth/pages/login-page.tsx"],
  [/^\/register$/, "src/features/auth/pages/register-page.tsx"],
];

/**
 * The web font a language's script needs, by its source in the build (web/src/index.css): the
 * CSS asks for it only once a text in that script is laid out, after the app's first render, and
 * the text is redrawn (and moved) when it arrives.
 */
const SCRIPT_FONTS: Partial<Record<Language, string>> = {
  bn: "src/assets/fonts/noto-sans-bengali.woff2",
};

/** What index.html preloads for a page: modules, and the language's font. */
export interface PagePreloads {
  modules: string[];
  fonts: string[];
}

/** The shell's messages in a language (decision 041): every page waits for them. */
const shellMessagesKey = (language: Language) => `shop-messages:${language}`;
/** A feature's messages in a language: its messages.ts imports them at its top level. */
const isAreaMessagesOf = (key: string, language: Language) =>
  key.startsWith("shop-messages:") && key.endsWith(`:${language}`) && key.split(":").length === 3;

/** The chunks a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * What a first visit to a page waits for beyond what the entry and the router preload: the shell's
 * messages and the catalogue of every feature among the page's chunks, each with the plural rules
 * it imports. A feature's module fetches its catalogue only once it runs, a round trip after its
 * own code; preloaded from the HTML, the catalogues arrive beside the entry. (The page's own chunks
 * are preloaded by the router at start-up, with their imports: preloading them from the HTML too
 * measured no better in Lighthouse.)
 */
export function pageMessageChunks(
  manifest: Manifest,
  pageKey: string | undefined,
  language: Language,
): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
  const wanted = new Set<string>();
  const add = (key: string) => {
    for (const needed of staticClosure(manifest, key)) if (!loaded.has(needed)) wanted.add(needed);
  };
  add(shellMessagesKey(language));
  if (pageKey) {
    for (const key of staticClosure(manifest, pageKey)) {
      for (const imported of manifest[key]?.dynamicImports ?? []) {
        if (isAreaMessagesOf(imported, language)) add(imported);
      }
    }
  }
  return [...wanted].map((key) => manifest[key]!.file);
}

/** The preloads of each page in each language, worked out once from the build's manifest. */
export function pagePreloadsOf(webRoot: string, languages: readonly Language[]) {
  const manifestFile = path.join(webRoot, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest)
    : {};
  const byPage = new Map<string, PagePreloads>();
  for (const language of languages) {
    const font = SCRIPT_FONTS[language];
    const fonts = font && manifest[font] ? [manifest[font].file] : [];
    for (const pageKey of [undefined, ...PAGE_MODULES.map(([, key]) => key)]) {
      byPage.set(`${language}\0${pageKey ?? ""}`, {
        modules: pageMessageChunks(manifest, pageKey, language),
        fonts,
      });
    }
  }
  return (urlPath: string, language: Language): PagePreloads => {
    const pageKey = PAGE_MODULES.find(([pattern]) => pattern.test(urlPath))?.[1] ?? "";
    return byPage.get(`${language}\0${pageKey}`) ?? { modules: [], fonts: [] };
  };
}
