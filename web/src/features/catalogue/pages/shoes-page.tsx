import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";
import { t } from "@/features/catalogue/messages";

/** /shoes: SPEC's 'Shoes Collection Vol-1'. */
export function ShoesPage() {
  return (
    <CategoryPage
      category="shoes"
      title={t("catalogue.shoes.title")}
      eyebrow={t("catalogue.shoes.eyebrow")}
      subtitle={t("catalogue.shoes.subtitle")}
      pageSizes={CATEGORY_PAGE_SIZES}
    />
  );
}
