import { useParams } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";

/** Placeholder page for /aboutproduct/:productId. The product task fills it in. */
export function ProductPage() {
  const { productId } = useParams();
  return (
    <PageContainer>
      <PageTitle title="Product details" />
      <EmptyState title="Coming soon">
        Details of product <code className="break-all">{productId}</code> will be shown here.
      </EmptyState>
    </PageContainer>
  );
}
