import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";

/** Placeholder dashboard page: My Profile. Its feature task fills it in. */
export function ProfilePage() {
  return (
    <>
      <PageTitle title="My Profile" level={2} documentTitle="My Profile · Dashboard" className="mb-6" />
      <EmptyState title="Coming soon">Your profile card will be shown here.</EmptyState>
    </>
  );
}
