import contractBengali from "@shop/contract/messages/bn.json";
import contractEnglish from "@shop/contract/messages/en.json";
import type { Language } from "@shop/contract/languages";
import serverBengali from "../http/messages/bn.json";
import serverEnglish from "../http/messages/en.json";
import { serverMessages, type MessageCatalogue, type MessageValues } from "./messages";

/**
 * The texts the API sends people (problem details, field errors, a few answers' `message`), in a
 * language (decision 041, "Validation messages and problem details"). The contract's zod messages
 * and the server's details are written in English where they are raised, as SPEC asks and the
 * tests read them; their English text is the message's id, gettext-style. The catalogues
 * (contract/src/messages, server/src/http/messages) key each by a name and give it in every
 * language; a text with arguments (`{name} is sold out.`) is found by its English pattern, its
 * arguments taken from the English text. A text no catalogue has passes unchanged (English).
 */
const english: MessageCatalogue = { ...contractEnglish, ...serverEnglish };
const messagesIn = serverMessages<MessageCatalogue>({
  en: english,
  bn: { ...contractBengali, ...serverBengali },
});

interface Pattern {
  key: string;
  regex: RegExp;
  names: string[];
}

const MARK = "\u0001";
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each English text → its key; a text with arguments → a pattern that reads them back. */
function indexEnglish() {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  const inEnglish = messagesIn("en");
  for (const key of Object.keys(english)) {
    const names: string[] = [];
    // Every argument the message reads comes out as MARK<name>MARK.
    const probe = new Proxy({} as MessageValues, {
      get: (_target, name) => {
        if (typeof name !== "string") return undefined;
        names.push(name);
        return `${MARK}${name}${MARK}`;
      },
      has: () => true,
    });
    const text = inEnglish(key as never, probe);
    if (names.length === 0) {
      exact.set(inEnglish(key as never), key);
      continue;
    }
    const parts = text.split(MARK);
    // Only plain {name} arguments can be read back (parts alternate text, name, text …).
    if (parts.length % 2 === 0 || parts.some((part, index) => index % 2 === 1 && !names.includes(part))) {
      continue;
    }
    const order = parts.filter((_, index) => index % 2 === 1);
    const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegex(part) : "(.+?)")).join("");
    patterns.push({ key, regex: new RegExp(`^${source}$`, "s"), names: order });
  }
  return { exact, patterns };
}

let index: ReturnType<typeof indexEnglish> | undefined;

/** `text` (as raised, in English) in `language`; unchanged when no catalogue knows it. */
export function inLanguage(text: string, language: Language): string {
  if (language === "en" || text === "") return text;
  index ??= indexEnglish();
  const key = index.exact.get(text);
  if (key !== undefined) return messagesIn(language)(key as never);
  for (const { key: patternKey, regex, names } of index.patterns) {
    const match = regex.exec(text);
    if (!match) continue;
    const values: MessageValues = {};
    names.forEach((name, position) => (values[name] = match[position + 1]!));
    return messagesIn(language)(patternKey as never, values);
  }
  return text;
}
