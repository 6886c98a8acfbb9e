/**
 * The languages the shop has message catalogues for (decision 041), without zod: the web app's
 * entry imports these. SHOP_LANGUAGES picks the ones a shop offers among them.
 */
export const SUPPORTED_LANGUAGES = ["en", "bn"] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Each language's own name, as its speakers write it: the switcher shows these. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", bn: "বাংলা" };

/** The cookie that keeps a visitor's choice (and, signed in, follows the account's). */
export const LANGUAGE_COOKIE = "shop_lang";

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}
