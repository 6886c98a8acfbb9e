import { isSupportedLanguage, type Language } from "@shop/contract/languages";
import { formatMinor } from "@shop/contract/currency";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { orders, users } from "../db/schema";
import { serverMessages, type Translate } from "../i18n/messages";
import type { LanguageSettings } from "../i18n/negotiate";
import bn from "./messages/bn.json";
import en from "./messages/en.json";
import type { OutgoingMail } from "./mail-kinds";

/** The mails' texts in each language (decision 041): subjects, bodies, the layout's words. */
export const mailMessages = serverMessages({ en, bn });
export type MailKey = keyof typeof en;
export type MailTranslate = Translate<MailKey>;

/** The locale Intl writes a mail's amounts and numbers in: en-US for English (the shop's "$12.50"). */
export const localeOf = (language: Language) => (language === "en" ? "en-US" : language);

/** An amount in minor units as a mail in `language` writes it: "$12.34"; in bn "১২.৩৪ US$". */
export const moneyIn = (language: Language) => (minor: number) => formatMinor(minor, localeOf(language));

/** A count or index in the language's digits, without grouping ("2", "২"). */
export const countIn = (language: Language) => (value: number) =>
  new Intl.NumberFormat(localeOf(language), { useGrouping: false }).format(value);

/**
 * The languages mails may be written in: SHOP_LANGUAGES and DEFAULT_LANGUAGE. One per shop, set
 * at start-up (buildApp), like the currency: a module value rather than the configuration passed
 * through every function that queues a mail.
 */
let offered: LanguageSettings = { languages: ["en"], defaultLanguage: "en" };

export function setMailLanguages(settings: LanguageSettings): void {
  offered = { languages: [...settings.languages], defaultLanguage: settings.defaultLanguage };
}

/** The first of `wanted` the shop offers, else its default language. */
export function mailLanguage(...wanted: (string | null | undefined)[]): Language {
  for (const language of wanted) {
    if (isSupportedLanguage(language) && offered.languages.includes(language)) return language;
  }
  return offered.defaultLanguage;
}

/**
 * The language each mail goes out in: the account's choice (users.language, the order's account
 * for a mail about an order, else the account with the recipient's address), then the language
 * the order was placed in (a guest's checkout), then the request that caused the mail, then the
 * shop's default. Two queries for any number of mails.
 */
export async function recipientLanguages(db: Db, outgoing: readonly OutgoingMail[]): Promise<Language[]> {
  const orderIds = [
    ...new Set(outgoing.flatMap((mail) => ("orderId" in mail.data ? [mail.data.orderId] : []))),
  ];
  const addresses = [
    ...new Set(
      outgoing.flatMap((mail) => ("orderId" in mail.data ? [] : [mail.recipient.trim().toLowerCase()])),
    ),
  ];
  const ofOrder = new Map<string, { account: string | null; order: string | null }>();
  if (orderIds.length > 0) {
    const rows = await db
      .select({ id: orders.id, order: orders.language, account: users.language })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, orderIds));
    for (const row of rows) ofOrder.set(row.id, row);
  }
  const ofAddress = new Map<string, string | null>();
  if (addresses.length > 0) {
    const rows = await db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(inArray(users.email, addresses));
    for (const row of rows) ofAddress.set(row.email.toLowerCase(), row.language);
  }
  return outgoing.map((mail) => {
    if ("orderId" in mail.data) {
      const stored = ofOrder.get(mail.data.orderId);
      return mailLanguage(stored?.account, stored?.order, mail.requestLanguage);
    }
    return mailLanguage(ofAddress.get(mail.recipient.trim().toLowerCase()), mail.requestLanguage);
  });
}
