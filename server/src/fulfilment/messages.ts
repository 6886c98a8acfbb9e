import type { Language } from "@shop/contract/languages";
import { serverMessages, type Translate } from "../i18n/messages";
import { countIn, localeOf, moneyIn } from "../mail/mail-language";
import bn from "./messages/bn.json";
import en from "./messages/en.json";

/** The invoice's, credit note's and packing slips' texts in each language (decision 041). */
export const pdfMessages = serverMessages({ en, bn });
export type PdfKey = keyof typeof en;
export type PdfTranslate = Translate<PdfKey>;

/** What a document is written with: its language's messages, amounts, counts, days and tax rates. */
export interface DocumentWords {
  language: Language;
  t: PdfTranslate;
  /** An amount in minor units, as the mails write it ("$12.50"; "১২.৫০ US$" in bn). */
  money: (cents: number) => string;
  /** A count in the language's digits, without grouping ("12"; "১২"). */
  count: (value: number) => string;
  /** A day (UTC): ISO "2026-11-28" in English, as invoices always had; Intl's long date otherwise. */
  date: (value: Date | string) => string;
  /** A rate in basis points as a percentage number, at most two decimals: 750 → "7.5" ("৭.৫"). */
  rate: (basisPoints: number) => string;
}

const wordsCache = new Map<Language, DocumentWords>();

export function documentWords(language: Language): DocumentWords {
  let words = wordsCache.get(language);
  if (!words) {
    const locale = localeOf(language);
    const day = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    const percent = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 });
    words = {
      language,
      t: pdfMessages(language),
      money: moneyIn(language),
      count: countIn(language),
      date: (value) => {
        const iso = typeof value === "string" ? value : value.toISOString();
        return language === "en" ? iso.slice(0, 10) : day.format(new Date(iso));
      },
      rate: (basisPoints) => percent.format(basisPoints / 100),
    };
    wordsCache.set(language, words);
  }
  return words;
}
