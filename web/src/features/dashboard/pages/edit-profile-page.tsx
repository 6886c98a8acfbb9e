import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";

/** Placeholder dashboard page: Edit Profile. Its feature task fills it in. */
export function EditProfilePage() {
  return (
    <>
      <PageTitle title="Edit Profile" level={2} documentTitle="Edit Profile · Dashboard" className="mb-6" />
      <EmptyState title="Coming soon">The profile form will be here.</EmptyState>
    </>
  );
}
