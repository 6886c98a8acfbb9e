import { CATEGORY_PAGE_SIZES } from "@/config/ui";
import { CategoryPage } from "@/features/catalog/components/category-page";

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
