import type { Category } from "@shop/contract/catalogue";

import { paths } from "@/config/paths";

/**
 * The four categories as the shop shows them: the wire value (SPEC's spelling), the label a
 * shopper reads and the page that lists them.
 */
export const categoryDisplay: Record<Category, { label: string; href: string }> = {
  womans: { label: "Women", href: paths.women.getHref() },
  mans: { label: "Men", href: paths.man.getHref() },
  shoes: { label: "Shoes", href: paths.shoes.getHref() },
  gadgets: { label: "Gadgets", href: paths.gadget.getHref() },
};
