import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";
import { t } from "@/features/catalogue/messages";

/** /women: SPEC's 'Summer Collection Vol-1'. */
export function WomenPage() {
  return (
    <CategoryPage
      category="womans"
      title={t("catalogue.women.title")}
      documentTitle={t("catalogue.women.documentTitle")}
      eyebrow={t("catalogue.women.eyebrow")}
      subtitle={t("catalogue.women.subtitle")}
      pageSizes={CATEGORY_PAGE_SIZES}
    />
  );
}
