import { MAN_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /man: SPEC's 'Summer Collection Vol-1' with load-more (8, then 4 more per click). */
export function ManPage() {
  return (
    <CategoryPage
      category="mans"
      title="Summer Collection Vol-1"
      documentTitle="Men: Summer Collection Vol-1"
      eyebrow="Men"
      subtitle="Easy tees, shirts, jackets and chronographs: the essentials of the season."
      pageSizes={MAN_PAGE_SIZES}
    />
  );
}
