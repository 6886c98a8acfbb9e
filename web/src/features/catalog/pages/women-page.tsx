import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: Summer Collection Vol-1. The feature's own task fills it in. */
export function WomenPage() {
  return (
    <PageContainer>
      <PageTitle title="Summer Collection Vol-1" documentTitle="Women: Summer Collection Vol-1" />
      <EmptyState title="Coming soon">Women’s clothing will be listed here.</EmptyState>
    </PageContainer>
  );
}
