import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { BlogCard } from "@/features/blog/components/blog-card";
import { blogPosts } from "@/features/blog/content/blog-posts";
import { t } from "@/features/blog/messages";

/** The first row at 1280 px (three cards): their images are on screen at once. */
const CARDS_AT_TOP = 3;

/** /blog: SPEC's static 'This Week Blogs' page with six cards. */
export function BlogPage() {
  return (
    <PageContainer>
      <PageTitle title={t("blog.title")} eyebrow={t("blog.eyebrow")} subtitle={t("blog.subtitle")} />
      <ul aria-label={t("blog.listLabel")} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {blogPosts.map((post, index) => (
          <li key={post.title}>
            <BlogCard post={post} atTop={index < CARDS_AT_TOP} first={index === 0} />
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
