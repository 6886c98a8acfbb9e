import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: All Products. The feature's own task fills it in. */
export function ProductsPage() {
  return (
    <PageContainer>
      <PageTitle title="All Products" />
      <EmptyState title="Coming soon">Search and browse the whole catalogue here.</EmptyState>
    </PageContainer>
  );
}
