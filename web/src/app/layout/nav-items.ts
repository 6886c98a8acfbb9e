import { paths } from "@/config/paths";

/** The top bar's links (SPEC section 2): Home, Products, Dashboard, Blogs. */
export const mainNavItems = [
  { label: "Home", to: paths.home.getHref(), end: true },
  { label: "Products", to: paths.products.getHref(), end: false },
  { label: "Dashboard", to: paths.dashboard.root.getHref(), end: false },
  { label: "Blogs", to: paths.blog.getHref(), end: false },
] as const;

export const shopNavItems = [
  { label: "Women", to: paths.women.getHref() },
  { label: "Men", to: paths.man.getHref() },
  { label: "Shoes", to: paths.shoes.getHref() },
  { label: "Gadgets", to: paths.gadget.getHref() },
] as const;

export const helpNavItems = [
  { label: "All products", to: paths.products.getHref() },
  { label: "Testimonials", to: paths.reviews.getHref() },
  { label: "Blogs", to: paths.blog.getHref() },
  { label: "Your cart", to: paths.cart.getHref() },
] as const;
