import { EmptyState } from "@/components/empty-state";
import { PageTitle } from "@/components/page-title";

/** Placeholder dashboard page: Add Product. Its feature task fills it in. */
export function AddProductPage() {
  return (
    <>
      <PageTitle title="Add Product" level={2} documentTitle="Add Product · Dashboard" className="mb-6" />
      <EmptyState title="Coming soon">The new-product form will be here.</EmptyState>
    </>
  );
}
