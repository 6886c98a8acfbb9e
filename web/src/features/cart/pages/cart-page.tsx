import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { CartIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { paths } from "@/config/paths";

/** Placeholder cart page. The cart task fills it in. */
export function CartPage() {
  return (
    <PageContainer>
      <PageTitle title="Your cart" />
      <EmptyState
        title="Your cart lines will be listed here"
        icon={<CartIcon className="size-6" />}
        action={<Button to={paths.products.getHref()}>Browse products</Button>}
      />
    </PageContainer>
  );
}
