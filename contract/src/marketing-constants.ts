/** Plain values (no zod), so the web app's pages can import them. */
import { FOOTER_CONSENT_TEXT } from "./marketing-footer";

/** The forms a shopper can ask for news from; the consent records which one it was. */
export const NEWSLETTER_SOURCES = ["footer", "registration", "checkout"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** The words each form shows next to its box or button; the server records the ones sent. */
export const NEWSLETTER_CONSENT_TEXT: Record<NewsletterSource, string> = {
  footer: FOOTER_CONSENT_TEXT,
  registration: "Send me new arrivals and offers by e-mail (you confirm by a link; unsubscribe any time).",
  checkout: "Send me new arrivals and offers by e-mail (you confirm by a link; unsubscribe any time).",
};

/** Product blocks a campaign may hold. */
export const MAX_CAMPAIGN_PRODUCTS = 6;

/** The words beside the Account page's bag-reminder box; the server records them with the yes. */
export const BAG_REMINDER_CONSENT_TEXT =
  "E-mail me once when I leave something in my bag for a while (turn it off here or from the mail).";
