import type { Category } from "@shop/contract/catalogue";

import { paths } from "@/config/paths";
import { t, type MessageKey } from "@/lib/i18n";

/**
 * The four categories as the shop shows them: the wire value (SPEC's spelling), the name a
 * shopper reads (the footer's links name the same pages) and the page that lists them.
 */
export const categoryDisplay: Record<Category, { labelKey: MessageKey; href: string }> = {
  womans: { labelKey: "footer.women", href: paths.women.getHref() },
  mans: { labelKey: "footer.men", href: paths.man.getHref() },
  shoes: { labelKey: "footer.shoes", href: paths.shoes.getHref() },
  gadgets: { labelKey: "footer.gadgets", href: paths.gadget.getHref() },
};

/** A category's name in the page's language. */
export const categoryLabel = (category: Category): string => t(categoryDisplay[category].labelKey);
