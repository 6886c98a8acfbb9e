import {
  isSupportedLanguage,
  LANGUAGE_COOKIE,
  SUPPORTED_LANGUAGES,
  type Language,
} from "@shop/contract/languages";

import type english from "./messages/en.json";

/**
 * The web app's texts (decision 041): ICU MessageFormat catalogues, one per language in
 * ./messages, each compiled at build time (web/vite-plugin-messages.ts) into its own chunk of
 * small functions, loaded before the first render. A language switch reloads the page: `t` is a
 * plain function, usable in toasts, schemas and hooks alike, and nothing re-renders for it.
 */
export type MessageKey = keyof typeof english;

/** An argument of a message: plural and number take numbers, select and text take strings. */
export type MessageValues = Record<string, string | number | Date>;

/** A compiled catalogue: plain text as a string, any other message a function of its arguments. */
type Catalogue = Record<string, string | ((values?: MessageValues) => string)>;

/** Each language's catalogue of one area (the shell, or a feature), as a dynamic import. */
export type CatalogueLoaders = Record<Language, () => Promise<unknown>>;

// The compiled modules (not the JSON files the type above is read from).
const shellLoaders: CatalogueLoaders = {
  en: () => import("./messages/en.json"),
  bn: () => import("./messages/bn.json"),
};

let language: Language = "en";
const catalogue: Catalogue = {};
/** How the shell's chunk keys the contract's messages: by their English text (vite-plugin-messages). */
const ENGLISH_ID_PREFIX = "en:";

/** The page's language: the server negotiated it and wrote it into <html lang>. */
export function pageLanguage(): Language {
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  return isSupportedLanguage(lang) ? lang : "en";
}

/** The languages this shop offers (SHOP_LANGUAGES), as the server wrote them on <html>. */
export function offeredLanguages(): Language[] {
  const listed = document.documentElement.dataset.languages?.split(",") ?? [];
  const offered = SUPPORTED_LANGUAGES.filter((lang) => listed.includes(lang));
  return offered.length > 0 ? offered : [pageLanguage()];
}

/** Loads the shell's catalogue in a language and makes it the one `t` reads. */
export async function loadMessages(lang: Language = pageLanguage()): Promise<void> {
  language = lang;
  // English's chunk has no contract messages (they are English already): drop another language's.
  for (const key of Object.keys(catalogue)) if (key.startsWith(ENGLISH_ID_PREFIX)) delete catalogue[key];
  await loadAreaMessages(shellLoaders);
}

/**
 * Adds an area's messages in the page's language to what `t` reads. A feature's messages.ts
 * awaits it at its top level, so its pages render only once their texts are there.
 */
export async function loadAreaMessages(loaders: CatalogueLoaders): Promise<void> {
  const loaded = (await loaders[language]()) as { default: Catalogue };
  Object.assign(catalogue, loaded.default);
}

/** A feature's `t`: its own keys and the shell's, in the page's language. */
export type AreaTranslator<AreaKey extends string> = (
  key: AreaKey | MessageKey,
  values?: MessageValues,
) => string;

/**
 * Loads an area's catalogue and returns its typed `t`. A feature's messages.ts awaits it at its
 * top level: `export const t = await areaMessages<keyof typeof english>({ en: …, bn: … })`.
 */
export async function areaMessages<AreaKey extends string>(
  loaders: CatalogueLoaders,
): Promise<AreaTranslator<AreaKey>> {
  await loadAreaMessages(loaders);
  return t as AreaTranslator<AreaKey>;
}

/** The locale `Intl` formats with: the page's language. */
export function currentLocale(): Language {
  return language;
}

/** The message `key` in the page's language, its ICU arguments filled in from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  const message = catalogue[key];
  if (message === undefined) return key;
  return typeof message === "string" ? message : message(values);
}

/**
 * A text raised in English by the contract's schemas (a field's validation message) in the page's
 * language: the shell's catalogue holds the contract's messages keyed by their English text. Any
 * other text (one the server already wrote in the page's language, say) passes unchanged.
 */
export function inPageLanguage(text: string): string {
  const message = catalogue[`${ENGLISH_ID_PREFIX}${text}`];
  if (message === undefined) return text;
  return typeof message === "string" ? message : message();
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl's number format for a locale and options, made once: making one costs more than using it. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${options ? JSON.stringify(options) : ""}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number as the page's language writes it (Bengali digits in `bn`). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value);
}

/** A date as the page's language writes it. */
export function formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(language, options ?? { dateStyle: "medium" }).format(new Date(value));
}

/**
 * Switches the shop to `lang`: remembered in a cookie for a year (the server reads it for
 * <html lang>), then the page loads again in that language.
 */
export function chooseLanguage(lang: Language): void {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax${secure}`;
  window.location.reload();
}
