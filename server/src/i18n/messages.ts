import MessageFormat from "@messageformat/core";
import type { Language } from "@shop/contract/languages";

/** A catalogue: flat key → ICU MessageFormat message, one per language (decision 041). */
export type MessageCatalogue = Record<string, string>;

/** An argument of a message: plural and number take numbers, select and text take strings. */
export type MessageValues = Record<string, string | number | Date>;

/** The message `key` in one language, its ICU arguments filled in. */
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

/**
 * The server's texts that reach people (mails, problem details, page titles) in each language.
 * `catalogues.en` is the reference: its keys type `t`, and a key another language lacks falls back
 * to English (npm run check:messages fails on that anyway). Messages compile once, when first used.
 */
export function serverMessages<Catalogue extends MessageCatalogue>(
  catalogues: Record<Language, Catalogue>,
): (language: Language) => Translate<Extract<keyof Catalogue, string>> {
  const compiled = new Map<string, (values?: MessageValues) => string>();
  const formatters = new Map<Language, MessageFormat>();
  const compile = (language: Language, key: string) => {
    const message = catalogues[language][key] ?? catalogues.en[key];
    if (message === undefined) return () => key;
    let formatter = formatters.get(language);
    if (!formatter) {
      formatter = new MessageFormat(language, { strict: false });
      formatters.set(language, formatter);
    }
    return formatter.compile(message) as (values?: MessageValues) => string;
  };
  return (language) => (key, values) => {
    const id = `${language}\0${key}`;
    let message = compiled.get(id);
    if (!message) {
      message = compile(language, key);
      compiled.set(id, message);
    }
    return message(values);
  };
}
