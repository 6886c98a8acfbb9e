import type { Category } from "@shop/contract/catalogue";

import { PageContainer } from "@/components/page-container";
import { PageTitle } from "@/components/page-title";
import type { PageSizes } from "@/config/ui";
import { CatalogueBrowser } from "@/features/catalogue/browse/catalogue-browser";
import { NothingHereYet } from "@/features/catalogue/browse/nothing-here-yet";
import { useCatalogueBrowser } from "@/features/catalogue/hooks/use-catalogue-browser";
import { t } from "@/features/catalogue/messages";

/** Which page's texts: `catalogue.<texts>.title`, `.eyebrow` and `.subtitle` in the catalogue's messages. */
export type CategoryTexts = "women" | "men" | "shoes" | "gadgets";

export type CategoryPageProps = {
  category: Category;
  texts: CategoryTexts;
  pageSizes: PageSizes;
};

/**
 * The browser tab's title: women's and men's headings are the same ('Summer Collection Vol-1'),
 * so their tabs say whose collection it is.
 */
function documentTitleOf(texts: CategoryTexts, title: string): string {
  return texts === "women" || texts === "men" ? t(`catalogue.${texts}.documentTitle`) : title;
}

/** A category page: its title and the category's products, filtered and sorted, a page at a time. */
export function CategoryPage({ category, texts, pageSizes }: CategoryPageProps) {
  const title = t(`catalogue.${texts}.title`);
  const eyebrow = t(`catalogue.${texts}.eyebrow`);
  const browser = useCatalogueBrowser({ category, pageSizes });
  return (
    <PageContainer>
      <PageTitle
        title={title}
        documentTitle={documentTitleOf(texts, title)}
        eyebrow={eyebrow}
        subtitle={t(`catalogue.${texts}.subtitle`)}
      />
      <CatalogueBrowser
        state={browser}
        label={t("catalogue.gridLabel", { name: eyebrow })}
        skeletonCount={pageSizes.first}
        empty={<NothingHereYet>{t("catalogue.categoryEmpty")}</NothingHereYet>}
      />
    </PageContainer>
  );
}
