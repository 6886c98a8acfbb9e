import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";
import { t } from "@/features/catalogue/messages";

/** /gadget: SPEC's 'Gadgets Collection'. */
export function GadgetPage() {
  return (
    <CategoryPage
      category="gadgets"
      title={t("catalogue.gadgets.title")}
      eyebrow={t("catalogue.gadgets.eyebrow")}
      subtitle={t("catalogue.gadgets.subtitle")}
      pageSizes={CATEGORY_PAGE_SIZES}
    />
  );
}
