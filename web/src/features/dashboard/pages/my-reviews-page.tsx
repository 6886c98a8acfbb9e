import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";

/** Placeholder dashboard page: My Reviews. Its feature task fills it in. */
export function MyReviewsPage() {
  return (
    <>
      <PageTitle title="My Reviews" level={2} documentTitle="My Reviews · Dashboard" className="mb-6" />
      <EmptyState title="Coming soon">Your reviews will be shown here.</EmptyState>
    </>
  );
}
