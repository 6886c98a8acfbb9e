import { areaMessages } from "@/lib/i18n";

import type english from "./messages/en.json";

// Texts of shared components no first page shows (the bag's and checkout's money, coupon field,
// password fields, pagination): kept out of the shell's catalogue, which every page downloads.
export const t = await areaMessages<keyof typeof english>({
  en: () => import("./messages/en.json"),
  bn: () => import("./messages/bn.json"),
});
