import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page: Shoes Collection Vol-1. The feature's own task fills it in. */
export function ShoesPage() {
  return (
    <PageContainer>
      <PageTitle title="Shoes Collection Vol-1" />
      <EmptyState title="Coming soon">Shoes will be listed here.</EmptyState>
    </PageContainer>
  );
}
