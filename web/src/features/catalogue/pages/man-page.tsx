import { MAN_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";
import { t } from "@/features/catalogue/messages";

/** /man: SPEC's 'Summer Collection Vol-1' with load-more (8, then 4 more per click). */
export function ManPage() {
  return (
    <CategoryPage
      category="mans"
      title={t("catalogue.men.title")}
      documentTitle={t("catalogue.men.documentTitle")}
      eyebrow={t("catalogue.men.eyebrow")}
      subtitle={t("catalogue.men.subtitle")}
      pageSizes={MAN_PAGE_SIZES}
    />
  );
}
