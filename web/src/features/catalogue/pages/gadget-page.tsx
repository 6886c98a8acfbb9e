import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /gadget: SPEC's 'Gadgets Collection'. */
export function GadgetPage() {
  return (
    <CategoryPage
      category="gadgets"
      title="Gadgets Collection"
      eyebrow="Gadgets"
      subtitle="Headphones, smartwatches, phones and more to make every day a little easier."
      pageSizes={CATEGORY_PAGE_SIZES}
    />
  );
}
