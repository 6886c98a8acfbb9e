import { isSupportedLanguage, LANGUAGE_COOKIE, type Language } from "@shop/contract/languages";

/** The languages a shop offers (SHOP_LANGUAGES) and the one it falls back on (DEFAULT_LANGUAGE). */
export interface LanguageSettings {
  languages: readonly Language[];
  defaultLanguage: Language;
}

/** The value of the language cookie in a Cookie header, if it names an offered language. */
export function languageFromCookie(
  cookieHeader: string | undefined,
  settings: LanguageSettings,
): Language | undefined {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const [name, value] = pair.split("=", 2).map((part) => part.trim());
    if (name === LANGUAGE_COOKIE && isSupportedLanguage(value) && settings.languages.includes(value)) {
      return value;
    }
  }
  return undefined;
}

/**
 * The offered language an Accept-Language header prefers most (by q, then order): "bn-BD" and
 * "bn" both mean bn. Undefined when it asks for none of them.
 */
export function languageFromAcceptLanguage(
  header: string | undefined,
  settings: LanguageSettings,
): Language | undefined {
  const ranges = (header ?? "")
    .split(",")
    .map((entry, index) => {
      const [range = "", ...parameters] = entry.trim().split(";");
      const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return {
        primary: range.trim().toLowerCase().split("-", 1)[0]!,
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((range) => range.primary !== "" && range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) {
    if (isSupportedLanguage(primary) && settings.languages.includes(primary)) return primary;
  }
  return undefined;
}

/**
 * A page's language: the one its address names (`?lang=`, the hreflang alternates' links), else
 * the visitor's choice (cookie), else what the browser asks for, else the default.
 */
export function negotiateLanguage(
  headers: { cookie?: string; "accept-language"?: string },
  settings: LanguageSettings,
  requested?: string | null,
): Language {
  const named =
    isSupportedLanguage(requested) && settings.languages.includes(requested) ? requested : undefined;
  return (
    named ??
    languageFromCookie(headers.cookie, settings) ??
    languageFromAcceptLanguage(headers["accept-language"], settings) ??
    settings.defaultLanguage
  );
}
