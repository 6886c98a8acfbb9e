import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /women: SPEC's 'Summer Collection Vol-1'. */
export function WomenPage() {
  return <CategoryPage category="womans" texts="women" pageSizes={CATEGORY_PAGE_SIZES} />;
}
