import { t } from "@/features/blog/messages";

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
    title: t("blog.summerDresses.title"),
    date: "2022-06-06",
    tag: t("blog.tag.style"),
    excerpt: t("blog.summerDresses.excerpt"),
    image: cardPicture("summer-dresses"),
  },
  {
    title: t("blog.chronograph.title"),
    date: "2022-06-07",
    tag: t("blog.tag.watches"),
    excerpt: t("blog.chronograph.excerpt"),
    image: cardPicture("chronograph"),
  },
  {
    title: t("blog.whiteSneakers.title"),
    date: "2022-06-08",
    tag: t("blog.tag.care"),
    excerpt: t("blog.whiteSneakers.excerpt"),
    image: cardPicture("white-sneakers"),
  },
  {
    title: t("blog.noiseCancelling.title"),
    date: "2022-06-09",
    tag: t("blog.tag.gadgets"),
    excerpt: t("blog.noiseCancelling.excerpt"),
    image: cardPicture("noise-cancelling"),
  },
  {
    title: t("blog.denimJacket.title"),
    date: "2022-06-10",
    tag: t("blog.tag.style"),
    excerpt: t("blog.denimJacket.excerpt"),
    image: cardPicture("denim-jacket"),
  },
  {
    title: t("blog.gadgetsWeek.title"),
    date: "2022-06-11",
    tag: t("blog.tag.deals"),
    excerpt: t("blog.gadgetsWeek.excerpt"),
    image: cardPicture("gadgets-week"),
  },
];
