/** The static posts of 'This Week Blogs' (SPEC: six placeholder cards; there are no post pages). */
export type BlogPost = {
  title: string;
  /** ISO date. */
  date: string;
  tag: string;
  excerpt: string;
  image: string;
};

export const blogPosts: readonly BlogPost[] = [
  {
    title: "Five summer dresses for every occasion",
    date: "2022-06-06",
    tag: "Style",
    excerpt:
      "From a breezy floral sundress to a wrap dress that goes from the office to dinner: how to pick the one that suits your summer.",
    image: "/demo/products/sunny-floral-summer-dress.svg",
  },
  {
    title: "How to choose your first chronograph",
    date: "2022-06-07",
    tag: "Watches",
    excerpt:
      "Dial size, strap material and water resistance explained in plain words, so your first proper watch is one you keep for years.",
    image: "/demo/products/aviator-chronograph-watch.svg",
  },
  {
    title: "Keeping white sneakers white",
    date: "2022-06-08",
    tag: "Care",
    excerpt:
      "A soft brush, mild soap and a little patience. Our five-minute routine that keeps leather sneakers looking box-fresh.",
    image: "/demo/products/cloud-white-leather-sneaker.svg",
  },
  {
    title: "Noise cancelling, explained",
    date: "2022-06-09",
    tag: "Gadgets",
    excerpt:
      "What active noise cancelling really does, when it helps most, and what to listen for before you buy a pair of headphones.",
    image: "/demo/products/studiopro-wireless-headphones.svg",
  },
  {
    title: "One denim jacket, five looks",
    date: "2022-06-10",
    tag: "Style",
    excerpt:
      "Over a hoodie, with chinos, on top of a summer dress: the classic jacket that works with almost everything you own.",
    image: "/demo/products/classic-denim-jacket.svg",
  },
  {
    title: "Gadgets Week: what is worth it",
    date: "2022-06-11",
    tag: "Deals",
    excerpt:
      "Seven days of deals on headphones, phones and consoles. Our team picked the offers they would buy themselves.",
    image: "/demo/promo/promo-3.svg",
  },
];
