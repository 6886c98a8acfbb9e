import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: Log in. The feature's own task fills it in. */
export function LoginPage() {
  return (
    <PageContainer>
      <PageTitle title="Log in" />
      <EmptyState title="Coming soon">The sign-in form will be here.</EmptyState>
    </PageContainer>
  );
}
