import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /shoes: SPEC's 'Shoes Collection Vol-1'. */
export function ShoesPage() {
  return <CategoryPage category="shoes" texts="shoes" pageSizes={CATEGORY_PAGE_SIZES} />;
}
