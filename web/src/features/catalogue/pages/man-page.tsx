import { MAN_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /man: SPEC's 'Summer Collection Vol-1' with load-more (8, then 4 more per click). */
export function ManPage() {
  return <CategoryPage category="mans" texts="men" pageSizes={MAN_PAGE_SIZES} />;
}
