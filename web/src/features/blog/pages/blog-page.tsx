import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: This Week Blogs. The feature's own task fills it in. */
export function BlogPage() {
  return (
    <PageContainer>
      <PageTitle title="This Week Blogs" />
      <EmptyState title="Coming soon">This week’s posts will be shown here.</EmptyState>
    </PageContainer>
  );
}
