import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";

/** Placeholder dashboard page: All Users. Its feature task fills it in. */
export function AllUsersPage() {
  return (
    <>
      <PageTitle title="All Users" level={2} documentTitle="All Users · Dashboard" className="mb-6" />
      <EmptyState title="Coming soon">The list of users will be shown here.</EmptyState>
    </>
  );
}
