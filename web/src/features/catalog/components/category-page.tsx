import type { Category } from "@shop/contract/catalog";

import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { BagIcon } from "@/components/icons";
import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import { paths } from "@/config/paths";
import type { PageSizes } from "@/config/ui";
import { ProductList } from "@/features/catalog/components/product-list";
import { useProducts } from "@/features/catalog/api/get-products";

export type CategoryPageProps = {
  category: Category;
  /** SPEC's page title, e.g. 'Summer Collection Vol-1'. */
  title: string;
  /** The browser tab title, when the heading alone would be ambiguous (women and men share one). */
  documentTitle?: string;
  /** A small caption above the title, e.g. "Women". */
  eyebrow: string;
  subtitle: string;
  pageSizes: PageSizes;
};

/** A category page: its title and every product of the category, a page at a time. */
export function CategoryPage({
  category,
  title,
  documentTitle,
  eyebrow,
  subtitle,
  pageSizes,
}: CategoryPageProps) {
  const query = useProducts({ category }, pageSizes);
  return (
    <PageContainer>
      <PageTitle title={title} documentTitle={documentTitle ?? title} eyebrow={eyebrow} subtitle={subtitle} />
      <ProductList
        query={query}
        label={`${eyebrow}: products`}
        skeletonCount={pageSizes.first}
        empty={
          <EmptyState
            title="Nothing here yet"
            icon={<BagIcon className="size-6" />}
            action={<Button to={paths.products.getHref()}>Browse all products</Button>}
          >
            New arrivals for this collection are on their way. Meanwhile, have a look around the rest of the
            shop.
          </EmptyState>
        }
      />
    </PageContainer>
  );
}
