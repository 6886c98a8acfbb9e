import { LANGUAGE_NAMES, isSupportedLanguage } from "@shop/contract/languages";
import { useEffect } from "react";

import { LabelledSelect } from "@/components/labelled-select";
import { api } from "@/lib/api-client";
import { chooseLanguage, offeredLanguages, pageLanguage, t } from "@/lib/i18n";
import { useSession } from "@/lib/session";

/** The account language this tab switched to by itself (sessionStorage). */
const FOLLOWED_ACCOUNT = "shop:followed-account-language";

/**
 * The language menu in the top bar (and in the phone menu), shown when the shop offers more than
 * one (SHOP_LANGUAGES). The choice is kept in a cookie and, signed in, on the account, whose
 * language wins on the next visit from another browser.
 */
export function LanguageSwitcher() {
  const { user } = useSession();
  const offered = offeredLanguages();
  const current = pageLanguage();
  const accountLanguage = user?.language;

  // The account remembers a language this browser does not show yet: switch to it, once per tab
  // (were the cookie refused, the page would otherwise reload for ever).
  useEffect(() => {
    if (!accountLanguage || accountLanguage === current || !offered.includes(accountLanguage)) return;
    if (sessionStorage.getItem(FOLLOWED_ACCOUNT) === accountLanguage) return;
    sessionStorage.setItem(FOLLOWED_ACCOUNT, accountLanguage);
    chooseLanguage(accountLanguage);
  }, [accountLanguage, current, offered]);

  if (offered.length < 2) return null;

  const onChange = async (value: string) => {
    if (!isSupportedLanguage(value)) return;
    // Best effort: the cookie keeps the choice in this browser even if the account call fails.
    if (user) await api.put("/account/language", { language: value }).catch(() => undefined);
    chooseLanguage(value);
  };

  return (
    <LabelledSelect
      label={t("shell.language.label")}
      value={current}
      options={offered.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang], lang }))}
      onChange={(value) => void onChange(value)}
      className="flex items-center"
      labelClassName="sr-only"
      selectClassName="min-h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm text-ink"
    />
  );
}
