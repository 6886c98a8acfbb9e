import { CATEGORY_PAGE_SIZES } from "@/features/catalogue/config";
import { CategoryPage } from "@/features/catalogue/browse/category-page";

/** /shoes: SPEC's 'Shoes Collection Vol-1'. */
export function ShoesPage() {
  return (
    <CategoryPage
      category="shoes"
      title="Shoes Collection Vol-1"
      eyebrow="Shoes"
      subtitle="Sneakers, boots, loafers and heels, made to be walked in."
      pageSizes={CATEGORY_PAGE_SIZES}
    />
  );
}
