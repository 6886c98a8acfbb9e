import type { Category } from "@shop/contract/catalogue";

import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import type { PageSizes } from "@/config/ui";
import { CatalogueBrowser } from "@/features/catalogue/browse/catalogue-browser";
import { NothingHereYet } from "@/features/catalogue/browse/nothing-here-yet";
import { useCatalogueBrowser } from "@/features/catalogue/hooks/use-catalogue-browser";
import { t } from "@/features/catalogue/messages";

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

/** A category page: its title and the category's products, filtered and sorted, a page at a time. */
export function CategoryPage({
  category,
  title,
  documentTitle,
  eyebrow,
  subtitle,
  pageSizes,
}: CategoryPageProps) {
  const browser = useCatalogueBrowser({ category, pageSizes });
  return (
    <PageContainer>
      <PageTitle title={title} documentTitle={documentTitle ?? title} eyebrow={eyebrow} subtitle={subtitle} />
      <CatalogueBrowser
        state={browser}
        label={t("catalogue.gridLabel", { name: eyebrow })}
        skeletonCount={pageSizes.first}
        empty={<NothingHereYet>{t("catalogue.categoryEmpty")}</NothingHereYet>}
      />
    </PageContainer>
  );
}
