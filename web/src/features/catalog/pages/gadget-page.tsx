import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: Gadgets Collection. The feature's own task fills it in. */
export function GadgetPage() {
  return (
    <PageContainer>
      <PageTitle title="Gadgets Collection" />
      <EmptyState title="Coming soon">Gadgets will be listed here.</EmptyState>
    </PageContainer>
  );
}
