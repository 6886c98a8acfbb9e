import { loadAreaMessages, t as shellT, type MessageKey, type MessageValues } from "@/lib/i18n";

import type english from "./messages/en.json";

// The invoice and carrier settings' texts in the page's language, fetched with its page: anything importing this module
// waits for them (top-level await), so the page never renders a key (decision 041).
await loadAreaMessages({ en: () => import("./messages/en.json"), bn: () => import("./messages/bn.json") });

/** The message `key` of the invoice and carrier settings (or the shell) in the page's language. */
export const t = shellT as (key: keyof typeof english | MessageKey, values?: MessageValues) => string;
