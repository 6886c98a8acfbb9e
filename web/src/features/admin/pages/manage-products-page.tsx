import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";

/** Placeholder dashboard page: Manage Products. Its feature task fills it in. */
export function ManageProductsPage() {
  return (
    <>
      <PageTitle
        title="Manage Products"
        level={2}
        documentTitle="Manage Products · Dashboard"
        className="mb-6"
      />
      <EmptyState title="Coming soon">The product list will be shown here.</EmptyState>
    </>
  );
}
