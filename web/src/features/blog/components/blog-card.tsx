import type { BlogPost } from "@/features/blog/content/blog-posts";
import { formatDate } from "@/lib/i18n";

/** `atTop`: the card is in the first screenful; its image loads at once, the first one first. */
export function BlogCard({
  post,
  atTop = false,
  first = false,
}: {
  post: BlogPost;
  atTop?: boolean;
  first?: boolean;
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <img
        src={post.image.src}
        srcSet={post.image.srcSet}
        // One column on phones, two from 640 px, three of at most ~400 px from 1024 px.
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        alt=""
        width={800}
        height={500}
        loading={atTop ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        decoding="async"
        className="aspect-[16/10] w-full bg-stone-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-center gap-3 text-sm">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-700">
            {post.tag}
          </span>
          <time dateTime={post.date} className="text-ink-muted">
            {formatDate(post.date, { dateStyle: "long", timeZone: "UTC" })}
          </time>
        </div>
        <h2 className="mt-4 text-xl font-bold tracking-tight text-ink">{post.title}</h2>
        <p className="mt-3 flex-1 text-base leading-relaxed text-ink-muted">{post.excerpt}</p>
      </div>
    </article>
  );
}
