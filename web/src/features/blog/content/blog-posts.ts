/** The static posts of 'This Week Blogs' (SPEC: six placeholder cards; there are no post pages). */
export type BlogPost = {
  title: string;
  /** ISO date. */
  date: string;
  tag: string;
  excerpt: string;
  image: BlogImage;
};

export type BlogImage = { src: string; srcSet: string };

/** The widths scripts/generate-blog-images.mjs draws every card picture in (16:10 WebP). */
const BLOG_IMAGE_WIDTHS = [480, 800] as const;

/** A picture drawn for a card: web/public/demo/blog/<name>-<width>.webp. */
function cardPicture(name: string): BlogImage {
  const file = (width: number) => `/demo/blog/${name}-${width}.webp`;
  return {
    src: file(800),
    srcSet: BLOG_IMAGE_WIDTHS.map((width) => `${file(width)} ${width}w`).join(", "),
  };
}

export const blogPosts: readonly BlogPost[] = [
  {
    title: "Five summer dresses for every occasion",
    date: "2022-06-06",
    tag: "Style",
    excerpt:
      "From a breezy floral sundress to a wrap dress that goes from the office to dinner: how to pick the one that suits your summer.",
    image: cardPicture("summer-dresses"),
  },
  {
    title: "How to choose your first chronograph",
    date: "2022-06-07",
    tag: "Watches",
    excerpt:
      "Dial size, strap material and water resistance explained in plain words, so your first proper watch is one you keep for years.",
    image: cardPicture("chronograph"),
  },
  {
    title: "Keeping white sneakers white",
    date: "2022-06-08",
    tag: "Care",
    excerpt:
      "A soft brush, mild soap and a little patience. Our five-minute routine that keeps leather sneakers looking box-fresh.",
    image: cardPicture("white-sneakers"),
  },
  {
    title: "Noise cancelling, explained",
    date: "2022-06-09",
    tag: "Gadgets",
    excerpt:
      "What active noise cancelling really does, when it helps most, and what to listen for before you buy a pair of headphones.",
    image: cardPicture("noise-cancelling"),
  },
  {
    title: "One denim jacket, five looks",
    date: "2022-06-10",
    tag: "Style",
    excerpt:
      "Over a hoodie, with chinos, on top of a summer dress: the classic jacket that works with almost everything you own.",
    image: cardPicture("denim-jacket"),
  },
  {
    title: "Gadgets Week: what is worth it",
    date: "2022-06-11",
    tag: "Deals",
    excerpt:
      "Seven days of deals on headphones, phones and consoles. Our team picked the offers they would buy themselves.",
    image: cardPicture("gadgets-week"),
  },
];
