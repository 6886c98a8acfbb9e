import { areaMessages } from "@/lib/i18n";

import type english from "./messages/en.json";

// The admin pages' texts in the page's language, loaded before any module importing this runs (decision 041).
export const t = await areaMessages<keyof typeof english>({
  en: () => import("./messages/en.json"),
  bn: () => import("./messages/bn.json"),
});
