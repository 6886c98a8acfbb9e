import { paths } from "@/config/paths";
import type { MessageKey } from "@/lib/i18n";

/** A link of the top bar or footer; its label is a message key, read at render time. */
export interface NavItem {
  label: MessageKey;
  to: string;
  end?: boolean;
}

/** The top bar's links (SPEC section 2): Home, Products, Dashboard, Blogs. */
export const mainNavItems: readonly NavItem[] = [
  { label: "shell.nav.home", to: paths.home.getHref(), end: true },
  { label: "shell.nav.products", to: paths.products.getHref(), end: false },
  { label: "shell.nav.dashboard", to: paths.dashboard.root.getHref(), end: false },
  { label: "shell.nav.blogs", to: paths.blog.getHref(), end: false },
];

export const shopNavItems: readonly NavItem[] = [
  { label: "footer.women", to: paths.women.getHref() },
  { label: "footer.men", to: paths.man.getHref() },
  { label: "footer.shoes", to: paths.shoes.getHref() },
  { label: "footer.gadgets", to: paths.gadget.getHref() },
];

export const helpNavItems: readonly NavItem[] = [
  { label: "footer.allProducts", to: paths.products.getHref() },
  { label: "footer.testimonials", to: paths.reviews.getHref() },
  { label: "shell.nav.blogs", to: paths.blog.getHref() },
  { label: "footer.yourCart", to: paths.cart.getHref() },
];
