import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /gadget: SPEC's 'Gadgets Collection'. */
export function GadgetPage() {
  return <CategoryPage category="gadgets" texts="gadgets" pageSizes={CATEGORY_PAGE_SIZES} />;
}
