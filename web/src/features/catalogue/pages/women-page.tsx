import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /women: SPEC's 'Summer Collection Vol-1'. */
export function WomenPage() {
  return (
    <CategoryPage
      category="womans"
      title="Summer Collection Vol-1"
      documentTitle="Women: Summer Collection Vol-1"
      eyebrow="Women"
      subtitle="Light dresses, blouses, handbags and watches for the warm days ahead."
      pageSizes={CATEGORY_PAGE_SIZES}
    />
  );
}
