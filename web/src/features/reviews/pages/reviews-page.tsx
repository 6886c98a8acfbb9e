import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: Testimonials. The feature's own task fills it in. */
export function ReviewsPage() {
  return (
    <PageContainer>
      <PageTitle title="Testimonials" subtitle="What our client says" />
      <EmptyState title="Coming soon">Reviews from our clients will be shown here.</EmptyState>
    </PageContainer>
  );
}
