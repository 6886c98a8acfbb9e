import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";
import { DASHBOARD_TEXTS } from "@/features/dashboard/config";

/** /dashboard/review: placeholder text (SPEC section 2). */
export function MyReviewsPage() {
  return (
    <>
      <PageTitle title="My Reviews" level={2} documentTitle="My Reviews · Dashboard" className="mb-6" />
      <EmptyState title="No reviews yet">{DASHBOARD_TEXTS.myReviewsPlaceholder}</EmptyState>
    </>
  );
}
