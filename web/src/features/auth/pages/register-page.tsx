import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: Register. The feature's own task fills it in. */
export function RegisterPage() {
  return (
    <PageContainer>
      <PageTitle title="Register" />
      <EmptyState title="Coming soon">The registration form will be here.</EmptyState>
    </PageContainer>
  );
}
