import { readFileSync } from "node:fs";
import path from "node:path";
import MessageFormat from "@messageformat/core";
import compileModule from "@messageformat/core/lib/compile-module.js";
import { parse } from "@messageformat/parser";
import type { Plugin } from "vite";

/**
 * The message catalogues: the shell's (and home page's) in web/src/lib/i18n/messages/<language>.json,
 * loaded before the first render, a feature's in web/src/features/<feature>/messages/<language>.json,
 * and the shared components' that no first page shows in web/src/components/messages/<language>.json,
 * loaded with its pages.
 */
export const MESSAGE_CATALOGUE =
  /[\\/]src[\\/](?:lib[\\/]i18n|features[\\/]([\w-]+)|(components))[\\/]messages[\\/]([\w-]+)\.json$/;

/** The virtual module a catalogue compiles to: its id no longer ends in .json for Vite's JSON plugin. */
const VIRTUAL_PREFIX = "\0shop-messages:";

/**
 * The contract's catalogue (validation messages shared with the server): its zod schemas raise
 * their messages in English, so the browser looks a message up by its English text. Its entries
 * join the shell's chunk of every other language as `en:<English text>` (ENGLISH_ID_PREFIX in
 * @/lib/i18n); English pages need none of them.
 */
export const CONTRACT_MESSAGES = path.resolve(import.meta.dirname, "../contract/src/messages");
const ENGLISH_ID_PREFIX = "en:";

const isPlainText = (tokens: ReturnType<typeof parse>) => tokens.every((token) => token.type === "content");
const plainText = (tokens: ReturnType<typeof parse>) =>
  tokens.map((token) => (token.type === "content" ? token.value : "")).join("");

/** The contract's messages in `language`, keyed by their English text (those without arguments). */
function contractMessagesByEnglish(language: string): Record<string, string> {
  if (language === "en") return {};
  const read = (lang: string) =>
    JSON.parse(readFileSync(path.join(CONTRACT_MESSAGES, `${lang}.json`), "utf8")) as Record<string, string>;
  const english = read("en");
  const translated = read(language);
  const byEnglish: Record<string, string> = {};
  for (const [key, message] of Object.entries(english)) {
    const tokens = parse(message, { strict: false });
    const target = translated[key];
    if (isPlainText(tokens) && target !== undefined)
      byEnglish[`${ENGLISH_ID_PREFIX}${plainText(tokens)}`] = target;
  }
  return byEnglish;
}

/**
 * Compiles each language's ICU MessageFormat catalogue into a module of small functions at build
 * time with messageformat's compileModule (decision 041), plain text staying a string: the browser gets no ICU parser, only
 * @messageformat/runtime's plural, select and number helpers, and a message with broken syntax
 * fails the build instead of a page.
 */
export function precompileMessages(): Plugin {
  const files = new Map<string, string>();
  return {
    name: "shop:precompile-messages",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !source.endsWith(".json")) return undefined;
      const file = path.resolve(path.dirname(importer), source);
      const match = MESSAGE_CATALOGUE.exec(file);
      if (!match) return undefined;
      const [, feature, components, language] = match;
      const area = feature ?? components;
      // shop-messages:<language> for the shell (the server preloads it), shop-messages:<area>:<language>.
      const id = `${VIRTUAL_PREFIX}${area ? `${area}:` : ""}${language}`;
      files.set(id, file);
      return id;
    },
    load(id) {
      const file = files.get(id);
      if (!file) return undefined;
      this.addWatchFile(file);
      const language = id.slice(VIRTUAL_PREFIX.length).split(":").at(-1)!;
      const messages = {
        ...(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>),
        // The shell's chunk (shop-messages:<language>) brings the contract's messages too.
        ...(id === `${VIRTUAL_PREFIX}${language}` ? contractMessagesByEnglish(language) : {}),
      };
      if (id === `${VIRTUAL_PREFIX}${language}`) {
        for (const lang of ["en", language]) this.addWatchFile(path.join(CONTRACT_MESSAGES, `${lang}.json`));
      }
      // A message that is only text stays a string (no function to call, fewer bytes).
      const texts: Record<string, string> = {};
      const formatted: Record<string, string> = {};
      try {
        for (const [key, message] of Object.entries(messages)) {
          const tokens = parse(message, { strict: false });
          if (isPlainText(tokens)) {
            texts[key] = plainText(tokens);
          } else {
            formatted[key] = message;
          }
        }
        const module = compileModule(new MessageFormat(language, { strict: false }), formatted);
        const entries = JSON.stringify(texts).slice(1, -1);
        return module.replace("export default {", `export default {${entries}${entries ? "," : ""}`);
      } catch (error) {
        throw new Error(`${file}: ${String(error)}`, { cause: error });
      }
    },
  };
}
